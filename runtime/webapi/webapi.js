// The web-standard globals that do no I/O, in the web's shapes, over one
// host function that does the work in Go (package webapi). Bytes cross that
// string boundary as base64, made and read by the engine's native
// Uint8Array.prototype.toBase64 and Uint8Array.fromBase64 (ES2026). The
// stub (stub.js) runs this the first time a script touches one of the
// globals: it leaves its init function where the stub takes it.
// Helpers are named __as_* so that their frames leave a script's stacks.
globalThis.__as_webapi_init = function __as_webapi(global, host, kind, detach) {
  "use strict";

  const u8ToBase64 = Uint8Array.prototype.toBase64;
  const u8FromBase64 = Uint8Array.fromBase64;
  const JSONstringify = JSON.stringify;
  const JSONparse = JSON.parse;
  const isView = ArrayBuffer.isView;
  const abByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength").get;
  const SAB = typeof SharedArrayBuffer === "function" ? SharedArrayBuffer : undefined;
  const sabByteLength = SAB && Object.getOwnPropertyDescriptor(SAB.prototype, "byteLength").get;
  const inspect = Symbol.for("nodejs.util.inspect.custom");
  const setPrototypeOf = Object.setPrototypeOf;
  const propertyIsEnumerable = Object.prototype.propertyIsEnumerable;
  const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  // __as_desc is an own property's descriptor with no prototype: a
  // descriptor inherits nothing (get, set, value, ...) the script put on
  // Object.prototype.
  function __as_desc(o, k) { return setPrototypeOf(getOwnPropertyDescriptor(o, k), null); }

  // __as_call runs one Go operation; a reply is "=result" or "!Name:message".
  function __as_call(op, a, b, c, d) {
    const r = arguments.length <= 1 ? host(op) : arguments.length === 2 ? host(op, a) :
      arguments.length === 3 ? host(op, a, b) : arguments.length === 4 ? host(op, a, b, c) : host(op, a, b, c, d);
    if (r.charCodeAt(0) === 61) return r.slice(1);
    throw __as_error(r);
  }
  function __as_error(r) {
    const i = r.indexOf(":");
    const name = r.slice(1, i), msg = r.slice(i + 1);
    switch (name) {
      case "TypeError": return new TypeError(msg);
      case "RangeError": return new RangeError(msg);
      case "Error": return new Error(msg);
    }
    return new DOMException(msg, name);
  }

  // ---- values ----
  const toWellFormed = String.prototype.toWellFormed;
  // __as_usv converts v as WebIDL's USVString does: String(v) with lone
  // surrogates replaced by U+FFFD (by hand where the engine lacks
  // String.prototype.toWellFormed).
  function __as_usv(v) {
    const s = typeof v === "string" ? v : String(v);
    if (toWellFormed !== undefined) return toWellFormed.call(s);
    let out = null;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0xD800 || c > 0xDFFF) continue;
      if (c <= 0xDBFF && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xDC00 && d <= 0xDFFF) { i++; continue; }
      }
      if (out === null) out = s.split("");
      out[i] = "\uFFFD";
    }
    return out === null ? s : out.join("");
  }
  function __as_describe(v) {
    if (v === null) return "null";
    if (Array.isArray(v)) return "an array";
    if (typeof v === "object") return "an instance of " + ((v.constructor && v.constructor.name) || "Object");
    if (typeof v === "string") return "type string (" + JSONstringify(v.length > 30 ? v.slice(0, 30) + "..." : v) + ")";
    return "type " + typeof v + (typeof v === "function" ? "" : " (" + String(v) + ")");
  }
  // __as_bytes returns a Uint8Array over the bytes of a BufferSource
  // (ArrayBuffer, SharedArrayBuffer, a typed array or DataView).
  function __as_bytes(v, what) {
    if (isView(v)) return v instanceof Uint8Array ? v : new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    if (v !== null && typeof v === "object") {
      try { abByteLength.call(v); return new Uint8Array(v); } catch (_) {}
      if (sabByteLength !== undefined) {
        try { sabByteLength.call(v); return new Uint8Array(v); } catch (_) {}
      }
    }
    throw new TypeError(what + ": expected an ArrayBuffer or a view of one (Uint8Array, DataView, ...), got " + __as_describe(v) +
      "; for a string, use new TextEncoder().encode(string)");
  }
  function __as_toBase64(u8) { return u8ToBase64.call(u8); }
  function __as_fromBase64(s) { return u8FromBase64(s); }
  function __as_required(n, have, what, example) {
    if (have < n) throw new TypeError(what + ": " + n + " argument" + (n > 1 ? "s" : "") + " required, but only " + have + " present; e.g. " + example);
  }
  function __as_define(obj, props) {
    for (const k of Reflect.ownKeys(props)) {
      const d = __as_desc(props, k);
      d.enumerable = false;
      Object.defineProperty(obj, k, d);
    }
  }

  // PLATFORM marks the instances of the classes below that structuredClone
  // refuses, as the standard refuses platform objects that are not
  // serializable (DOMException is).
  const PLATFORM = Symbol("platform object");
  function __as_platform(self) { Object.defineProperty(self, PLATFORM, { __proto__: null, value: true }); }

  // ---- DOMException ----
  const domCodes = ["IndexSizeError", "", "HierarchyRequestError", "WrongDocumentError", "InvalidCharacterError", "",
    "NoModificationAllowedError", "NotFoundError", "NotSupportedError", "InUseAttributeError", "InvalidStateError",
    "SyntaxError", "InvalidModificationError", "NamespaceError", "InvalidAccessError", "", "TypeMismatchError",
    "SecurityError", "NetworkError", "AbortError", "URLMismatchError", "QuotaExceededError", "TimeoutError",
    "InvalidNodeTypeError", "DataCloneError"];
  const domConstants = ["INDEX_SIZE_ERR", "DOMSTRING_SIZE_ERR", "HIERARCHY_REQUEST_ERR", "WRONG_DOCUMENT_ERR",
    "INVALID_CHARACTER_ERR", "NO_DATA_ALLOWED_ERR", "NO_MODIFICATION_ALLOWED_ERR", "NOT_FOUND_ERR", "NOT_SUPPORTED_ERR",
    "INUSE_ATTRIBUTE_ERR", "INVALID_STATE_ERR", "SYNTAX_ERR", "INVALID_MODIFICATION_ERR", "NAMESPACE_ERR",
    "INVALID_ACCESS_ERR", "VALIDATION_ERR", "TYPE_MISMATCH_ERR", "SECURITY_ERR", "NETWORK_ERR", "ABORT_ERR",
    "URL_MISMATCH_ERR", "QUOTA_EXCEEDED_ERR", "TIMEOUT_ERR", "INVALID_NODE_TYPE_ERR", "DATA_CLONE_ERR"];
  const DOM = Symbol("DOMException");
  function __as_dom(self) {
    if (self === null || typeof self !== "object" || !(DOM in self)) throw new TypeError("Illegal invocation");
    return self[DOM];
  }
  class DOMException extends Error {
    constructor(message = "", name = "Error") {
      super();
      Object.defineProperty(this, DOM, { __proto__: null, value: { __proto__: null, message: String(message), name: String(name) } });
    }
    get name() { return __as_dom(this).name; }
    get message() { return __as_dom(this).message; }
    get code() { return domCodes.indexOf(__as_dom(this).name) + 1; }
  }
  for (const k of ["name", "message", "code"]) {
    const d = __as_desc(DOMException.prototype, k);
    d.enumerable = true;
    Object.defineProperty(DOMException.prototype, k, d);
  }
  domConstants.forEach(function __as_constant(k, i) {
    const d = { __proto__: null, value: i + 1, enumerable: true, writable: false, configurable: false };
    Object.defineProperty(DOMException, k, d);
    Object.defineProperty(DOMException.prototype, k, d);
  });
  Object.defineProperty(DOMException.prototype, Symbol.toStringTag, { __proto__: null, value: "DOMException", configurable: true });

  // ---- URL ----
  const C = Symbol("URL components"); // [href, origin, protocol, username, password, host, hostname, port, pathname, search, hash]
  const SP = Symbol("URL searchParams");
  const L = Symbol("URLSearchParams list");
  const U = Symbol("URLSearchParams URL");
  // A URL holds its components (C) and its URLSearchParams (SP), made on
  // first use; getters read them with one property access, as new URL()
  // sits in the loops of scripts. Strings cross to Go as USVStrings: both
  // engines turn a lone surrogate into U+FFFD on the way.
  function __as_url(self) {
    const c = self === null || self === undefined ? undefined : self[C];
    if (c === undefined) throw new TypeError("Illegal invocation: not a URL");
    return c;
  }
  function __as_string(v) { return typeof v === "string" ? v : String(v); }
  function __as_parseURL(url, base) {
    const r = base === undefined ? host("url.parse", __as_string(url), "", "0") : host("url.parse", __as_string(url), __as_string(base), "1");
    if (r.charCodeAt(0) !== 61) throw __as_error(r);
    return r.slice(1).split("\0");
  }
  function __as_setURL(u, prop, value) {
    const c = __as_url(u);
    u[C] = __as_call("url.set", c[0], prop, __as_usv(value)).split("\0");
    if (u[SP] !== undefined) u[SP][L] = __as_parseQuery(u[C][9].slice(1));
  }
  function __as_parseQuery(q) { return q === "" ? [] : JSONparse(__as_call("usp.parse", q)); }
  class URL {
    constructor(url, base) {
      if (arguments.length === 0) {
        __as_required(1, 0, "new URL", "new URL('https://example.com/a') or new URL('a/b', 'https://example.com/')");
      }
      this[C] = __as_parseURL(url, base);
      __as_platform(this);
    }
    static canParse(url, base) {
      __as_required(1, arguments.length, "URL.canParse", "URL.canParse('https://example.com/')");
      try { __as_parseURL(url, base); return true; } catch (e) { return false; }
    }
    static parse(url, base) {
      __as_required(1, arguments.length, "URL.parse", "URL.parse('https://example.com/')");
      try { return new URL(url, base); } catch (e) { return null; }
    }
    get href() { return __as_url(this)[0]; }
    set href(v) { __as_setURL(this, "href", v); }
    get origin() { return __as_url(this)[1]; }
    get protocol() { return __as_url(this)[2]; }
    set protocol(v) { __as_setURL(this, "protocol", v); }
    get username() { return __as_url(this)[3]; }
    set username(v) { __as_setURL(this, "username", v); }
    get password() { return __as_url(this)[4]; }
    set password(v) { __as_setURL(this, "password", v); }
    get host() { return __as_url(this)[5]; }
    set host(v) { __as_setURL(this, "host", v); }
    get hostname() { return __as_url(this)[6]; }
    set hostname(v) { __as_setURL(this, "hostname", v); }
    get port() { return __as_url(this)[7]; }
    set port(v) { __as_setURL(this, "port", v); }
    get pathname() { return __as_url(this)[8]; }
    set pathname(v) { __as_setURL(this, "pathname", v); }
    get search() { return __as_url(this)[9]; }
    set search(v) { __as_setURL(this, "search", v); }
    get searchParams() {
      const c = __as_url(this);
      if (this[SP] === undefined) {
        const sp = new URLSearchParams();
        sp[L] = __as_parseQuery(c[9].slice(1));
        sp[U] = this;
        Object.defineProperty(this, SP, { __proto__: null, value: sp });
      }
      return this[SP];
    }
    get hash() { return __as_url(this)[10]; }
    set hash(v) { __as_setURL(this, "hash", v); }
    toString() { return __as_url(this)[0]; }
    toJSON() { return __as_url(this)[0]; }
    [inspect]() { return "URL " + JSONstringify(__as_url(this)[0]); }
  }
  for (const k of Object.getOwnPropertyNames(URL.prototype)) {
    if (k === "constructor") continue;
    const d = __as_desc(URL.prototype, k);
    d.enumerable = true;
    Object.defineProperty(URL.prototype, k, d);
  }
  Object.defineProperty(URL.prototype, Symbol.toStringTag, { __proto__: null, value: "URL", configurable: true });

  // ---- URLSearchParams ----
  function __as_params(self) {
    if (self === null || typeof self !== "object" || !(L in self)) throw new TypeError("Illegal invocation: not a URLSearchParams");
    return self;
  }
  // __as_listJSON is the JSON text of a name-value list, made from its
  // strings: JSON.stringify of the arrays would read a toJSON the script
  // put on Object.prototype.
  function __as_listJSON(list) {
    let s = "[";
    for (let i = 0; i < list.length; i++) {
      s += (i === 0 ? "[" : ",[") + JSONstringify(list[i][0]) + "," + JSONstringify(list[i][1]) + "]";
    }
    return s + "]";
  }
  // __as_update is the URL Standard's update steps: a URLSearchParams of a
  // URL writes its list back to the URL's query.
  function __as_update(p) {
    const u = p[U];
    if (u === null) return;
    const q = __as_call("usp.serialize", __as_listJSON(p[L]));
    u[C] = __as_call("url.set", u[C][0], "search", q).split("\0");
  }
  class URLSearchParams {
    constructor(init = "") {
      const list = [];
      if (init !== null && (typeof init === "object" || typeof init === "function")) {
        const iter = init[Symbol.iterator];
        if (iter !== undefined && iter !== null) {
          if (typeof iter !== "function") throw new TypeError("URLSearchParams: init[Symbol.iterator] is not a function");
          for (const pair of init) {
            if (pair === null || (typeof pair !== "object" && typeof pair !== "function") || typeof pair[Symbol.iterator] !== "function") {
              throw new TypeError("URLSearchParams: each pair must be a [name, value] sequence, got " + __as_describe(pair));
            }
            const nv = Array.from(pair);
            if (nv.length !== 2) throw new TypeError("URLSearchParams: each pair must have exactly two items [name, value], got " + nv.length);
            list.push([__as_usv(nv[0]), __as_usv(nv[1])]);
          }
        } else {
          for (const k of Reflect.ownKeys(init)) {
            if (typeof k !== "string") continue;
            if (Reflect.apply(propertyIsEnumerable, init, [k])) list.push([__as_usv(k), __as_usv(init[k])]);
          }
        }
      } else {
        let s = __as_usv(init);
        if (s.charCodeAt(0) === 63) s = s.slice(1);
        list.push(...__as_parseQuery(s));
      }
      Object.defineProperty(this, L, { __proto__: null, value: list, writable: true });
      __as_platform(this);
      Object.defineProperty(this, U, { __proto__: null, value: null, writable: true });
    }
    get size() { return __as_params(this)[L].length; }
    append(name, value) {
      __as_required(2, arguments.length, "URLSearchParams.append", "params.append('q', 'x')");
      const p = __as_params(this);
      p[L].push([__as_usv(name), __as_usv(value)]);
      __as_update(p);
    }
    delete(name, value) {
      __as_required(1, arguments.length, "URLSearchParams.delete", "params.delete('q')");
      const p = __as_params(this);
      const n = __as_usv(name), v = value === undefined ? undefined : __as_usv(value);
      p[L] = p[L].filter(function __as_keep(e) { return e[0] !== n || (v !== undefined && e[1] !== v); });
      __as_update(p);
    }
    get(name) {
      __as_required(1, arguments.length, "URLSearchParams.get", "params.get('q')");
      const n = __as_usv(name);
      for (const e of __as_params(this)[L]) if (e[0] === n) return e[1];
      return null;
    }
    getAll(name) {
      __as_required(1, arguments.length, "URLSearchParams.getAll", "params.getAll('q')");
      const n = __as_usv(name);
      const out = [];
      for (const e of __as_params(this)[L]) if (e[0] === n) out.push(e[1]);
      return out;
    }
    has(name, value) {
      __as_required(1, arguments.length, "URLSearchParams.has", "params.has('q')");
      const n = __as_usv(name), v = value === undefined ? undefined : __as_usv(value);
      for (const e of __as_params(this)[L]) if (e[0] === n && (v === undefined || e[1] === v)) return true;
      return false;
    }
    set(name, value) {
      __as_required(2, arguments.length, "URLSearchParams.set", "params.set('q', 'x')");
      const p = __as_params(this);
      const n = __as_usv(name), v = __as_usv(value);
      const out = [];
      let found = false;
      for (const e of p[L]) {
        if (e[0] !== n) out.push(e);
        else if (!found) { found = true; out.push([n, v]); }
      }
      if (!found) out.push([n, v]);
      p[L] = out;
      __as_update(p);
    }
    sort() {
      const p = __as_params(this);
      // Stable, by UTF-16 code units, as JavaScript compares strings.
      p[L].sort(function __as_byName(a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; });
      __as_update(p);
    }
    forEach(callback, thisArg) {
      const p = __as_params(this);
      if (typeof callback !== "function") throw new TypeError("URLSearchParams.forEach: the callback is not a function");
      for (let i = 0; i < p[L].length; i++) callback.call(thisArg, p[L][i][1], p[L][i][0], this);
    }
    *entries() { const p = __as_params(this); for (let i = 0; i < p[L].length; i++) yield [p[L][i][0], p[L][i][1]]; }
    *keys() { const p = __as_params(this); for (let i = 0; i < p[L].length; i++) yield p[L][i][0]; }
    *values() { const p = __as_params(this); for (let i = 0; i < p[L].length; i++) yield p[L][i][1]; }
    toString() {
      const p = __as_params(this);
      return p[L].length === 0 ? "" : __as_call("usp.serialize", __as_listJSON(p[L]));
    }
    [inspect]() { return "URLSearchParams " + JSONstringify(this.toString()); }
  }
  Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, { __proto__: null,
    value: URLSearchParams.prototype.entries, writable: true, configurable: true });
  Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, { __proto__: null, value: "URLSearchParams", configurable: true });

  // ---- TextEncoder, TextDecoder ----
  class TextEncoder {
    constructor() { __as_platform(this); }
    get encoding() { return "utf-8"; }
    encode(input = "") {
      return __as_fromBase64(__as_call("enc.encode", String(input)));
    }
    encodeInto(source, destination) {
      __as_required(2, arguments.length, "TextEncoder.encodeInto", "encoder.encodeInto(text, new Uint8Array(64))");
      if (!(destination instanceof Uint8Array)) {
        throw new TypeError("TextEncoder.encodeInto: the destination must be a Uint8Array, got " + __as_describe(destination));
      }
      const r = __as_call("enc.into", String(source), String(destination.length));
      const i = r.indexOf(",");
      const bytes = __as_fromBase64(r.slice(i + 1));
      destination.set(bytes);
      return { read: +r.slice(0, i), written: bytes.length };
    }
  }
  const DEC = Symbol("TextDecoder");
  function __as_decoder(self) {
    if (self === null || typeof self !== "object" || !(DEC in self)) throw new TypeError("Illegal invocation: not a TextDecoder");
    return self[DEC];
  }
  class TextDecoder {
    constructor(label = "utf-8", options = undefined) {
      if (options !== undefined && options !== null && typeof options !== "object") {
        throw new TypeError("TextDecoder: options must be an object such as {fatal: true}");
      }
      const given = options !== undefined && options !== null;
      __as_platform(this);
      Object.defineProperty(this, DEC, { __proto__: null, value: { __proto__: null,
        encoding: __as_call("dec.label", String(label)), fatal: given && !!options.fatal, ignoreBOM: given && !!options.ignoreBOM,
        pending: "", bomSeen: false, doNotFlush: false,
      } });
    }
    get encoding() { return __as_decoder(this).encoding; }
    get fatal() { return __as_decoder(this).fatal; }
    get ignoreBOM() { return __as_decoder(this).ignoreBOM; }
    decode(input = undefined, options = undefined) {
      const d = __as_decoder(this);
      const bytes = input === undefined ? "" : __as_toBase64(__as_bytes(input, "TextDecoder.decode"));
      if (!d.doNotFlush) { d.pending = ""; d.bomSeen = false; }
      d.doNotFlush = !!(options && options.stream);
      const flags = (d.fatal ? "1" : "0") + (d.ignoreBOM ? "1" : "0") + (d.bomSeen ? "1" : "0") + (d.doNotFlush ? "0" : "1");
      let r;
      try {
        r = __as_call("dec.decode", d.encoding, flags, d.pending, bytes);
      } catch (e) {
        d.pending = ""; d.doNotFlush = false;
        throw e;
      }
      const i = r.indexOf(",");
      d.pending = r.slice(0, i);
      d.bomSeen = r.charCodeAt(i + 1) === 49;
      return r.slice(i + 2);
    }
  }
  for (const cls of [TextEncoder, TextDecoder]) {
    for (const k of Object.getOwnPropertyNames(cls.prototype)) {
      if (k === "constructor") continue;
      const d = __as_desc(cls.prototype, k);
      d.enumerable = true;
      Object.defineProperty(cls.prototype, k, d);
    }
    Object.defineProperty(cls.prototype, Symbol.toStringTag, { __proto__: null, value: cls.name, configurable: true });
  }

  // ---- atob, btoa ----
  function atob(data) {
    __as_required(1, arguments.length, "atob", "atob('aGk=')");
    return __as_call("b64.atob", String(data));
  }
  function btoa(data) {
    __as_required(1, arguments.length, "btoa", "btoa('hi')");
    return __as_call("b64.btoa", String(data));
  }

  // ---- structuredClone ----
  // The HTML Standard's StructuredSerializeWithTransfer and
  // StructuredDeserializeWithTransfer as one walk: depth first, in the
  // order the standard reads the value (a getter sees what it would), with
  // an explicit stack (a deep value costs no call depth) and the engine's
  // kind() instead of brand checks that throw (each throw captured a
  // stack: cloning was quadratic). Captured here: what the walk calls.
  // KINDS are webapi.Kinds, in order: kind(v) answers an index.
  const KINDS = ["", "Object", "Array", "DenseArray", "Function", "Proxy", "Error", "Boolean", "Number", "String", "BigInt", "Symbol",
    "Date", "RegExp", "Map", "Set", "ArrayBuffer", "DetachedArrayBuffer", "SharedArrayBuffer",
    "TypedArray", "TrackingTypedArray", "DataView", "TrackingDataView", "Other", "PlainObject", "SameShapePlainObject"];
  // kind(v) answers an index of KINDS, named here:
  const K_OBJECT = 1, K_ARRAY = 2, K_DENSE_ARRAY = 3, K_FUNCTION = 4, K_PROXY = 5, K_ERROR = 6, K_BOOLEAN = 7,
    K_NUMBER = 8, K_STRING = 9, K_BIG_INT = 10, K_SYMBOL = 11, K_DATE = 12, K_REG_EXP = 13, K_MAP = 14, K_SET = 15,
    K_ARRAY_BUFFER = 16, K_DETACHED_ARRAY_BUFFER = 17, K_SHARED_ARRAY_BUFFER = 18, K_TYPED_ARRAY = 19,
    K_TRACKING_TYPED_ARRAY = 20, K_DATA_VIEW = 21, K_TRACKING_DATA_VIEW = 22, K_OTHER = 23, K_PLAIN_OBJECT = 24,
    K_SAME_SHAPE = 25;
  const apply = Reflect.apply;
  const getPrototypeOf = Object.getPrototypeOf;
  const keysOf = Object.keys;
  const hasOwnKey = Object.hasOwn;
  const defineProperty = Object.defineProperty;
  const ObjectCtor = Object, ArrayCtor = Array, DateCtor = Date, RegExpCtor = RegExp, MapCtor = Map, SetCtor = Set;
  const ABCtor = ArrayBuffer, DataViewCtor = DataView, U8 = Uint8Array;
  const errorCtors = { __proto__: null, Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  const typedCtors = { __proto__: null };
  for (const n of ["Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array",
    "Float16Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array"]) {
    if (typeof global[n] === "function") typedCtors[n] = global[n];
  }
  function __as_getter(proto, k) {
    const d = proto === undefined ? undefined : getOwnPropertyDescriptor(proto, k);
    return d === undefined ? undefined : setPrototypeOf(d, null).get;
  }
  const dateValue = Date.prototype.getTime;
  const primitiveOf = [];
  primitiveOf[K_BOOLEAN] = Boolean.prototype.valueOf;
  primitiveOf[K_NUMBER] = Number.prototype.valueOf;
  primitiveOf[K_STRING] = String.prototype.valueOf;
  primitiveOf[K_BIG_INT] = BigInt.prototype.valueOf;
  const reSource = __as_getter(RegExp.prototype, "source");
  const reFlags = [];
  for (const [k, c] of [["hasIndices", "d"], ["global", "g"], ["ignoreCase", "i"], ["multiline", "m"], ["dotAll", "s"],
    ["unicode", "u"], ["unicodeSets", "v"], ["sticky", "y"]]) {
    const g = __as_getter(RegExp.prototype, k);
    if (g !== undefined) reFlags.push([g, c]);
  }
  const mapForEach = Map.prototype.forEach, setForEach = Set.prototype.forEach;
  const mapSet = Map.prototype.set, setAdd = Set.prototype.add;
  const abSlice = ArrayBuffer.prototype.slice;
  const abResizable = __as_getter(ArrayBuffer.prototype, "resizable");
  const abMax = __as_getter(ArrayBuffer.prototype, "maxByteLength");
  const typedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
  const taBuffer = __as_getter(typedArrayProto, "buffer");
  const taTag = __as_getter(typedArrayProto, Symbol.toStringTag);
  const taLength = __as_getter(typedArrayProto, "length");
  const taByteOffset = __as_getter(typedArrayProto, "byteOffset");
  const dvBuffer = __as_getter(DataView.prototype, "buffer");
  const dvByteOffset = __as_getter(DataView.prototype, "byteOffset");
  const dvByteLength = __as_getter(DataView.prototype, "byteLength");
  const u8Set = Uint8Array.prototype.set;
  function __as_cloneError(what) {
    return new DOMException(what + " could not be cloned.", "DataCloneError");
  }
  // __as_copyBuffer copies an ArrayBuffer, resizable with its maximum.
  function __as_copyBuffer(buffer) {
    if (abResizable === undefined || !apply(abResizable, buffer, [])) return apply(abSlice, buffer, [0]);
    const out = new ABCtor(apply(abSlice, buffer, [0]).byteLength, { __proto__: null, maxByteLength: apply(abMax, buffer, []) });
    apply(u8Set, new U8(out), [new U8(buffer)]);
    return out;
  }
  // __as_transferList converts options as WebIDL's StructuredSerializeOptions.
  function __as_transferList(options) {
    if (options === undefined || options === null) return [];
    if (typeof options !== "object" && typeof options !== "function") {
      throw new TypeError("structuredClone: options must be an object such as {transfer: [buffer]}, got " + __as_describe(options));
    }
    const t = options.transfer;
    if (t === undefined) return [];
    if (t === null || (typeof t !== "object" && typeof t !== "function") || typeof t[Symbol.iterator] !== "function") {
      throw new TypeError("structuredClone: options.transfer must be an iterable of objects such as [buffer], got " + __as_describe(t));
    }
    const list = [];
    for (const x of t) {
      if (x === null || (typeof x !== "object" && typeof x !== "function")) {
        throw new TypeError("structuredClone: options.transfer holds " + __as_describe(x) + "; it takes objects (ArrayBuffers)");
      }
      list.push(x);
    }
    return list;
  }
  function structuredClone(value, options = undefined) {
    __as_required(1, arguments.length, "structuredClone", "structuredClone({a: 1})");
    const transfer = __as_transferList(options);
    const memory = new MapCtor();
    for (let i = 0; i < transfer.length; i++) {
      const t = transfer[i];
      const k = kind(t);
      if (k === K_DETACHED_ARRAY_BUFFER) throw __as_cloneError("A detached ArrayBuffer");
      if (k !== K_ARRAY_BUFFER) throw __as_cloneError("Only ArrayBuffers can be transferred here; " + __as_describe(t));
      if (memory.has(t)) throw __as_cloneError("An ArrayBuffer listed twice in transfer");
      memory.set(t, __as_copyBuffer(t));
    }
    const result = __as_cloneWalk(value, memory);
    for (let i = 0; i < transfer.length; i++) {
      if (kind(transfer[i]) !== K_ARRAY_BUFFER) throw __as_cloneError("A detached ArrayBuffer");
    }
    for (let i = 0; i < transfer.length; i++) detach(transfer[i]);
    return result;
  }
  // The walk's stack holds frames in parallel arrays (no object a frame)
  // for the containers being filled: the clone (out) and its source, the
  // keys (a count for a dense array; for a Map or Set, its entries) and
  // where the fill is, the value read there and waiting for its own clone
  // (depth first: the standard reads a value's contents before the next
  // key), and either the prototype the clone has (an object's, an
  // array's) or, for a Map or Set, the clones made so far (they go in when
  // it ends, in order). A container whose values are all primitives is
  // filled at once and leaves no frame.
  const ObjectPrototype = Object.prototype, ArrayPrototype = Array.prototype;
  const MAP = 1, SET = 2, DENSE = 3;
  const NONE = Symbol("none");
  // The kinds whose clone runs no script code: while the walk has met
  // only these, no key it read can have been deleted since.
  const QUIET = [];
  // (An ArrayBuffer's slice asks its constructor's Symbol.species; a Map
  // or Set is gathered with push, which a script can replace.)
  for (const k of [K_PLAIN_OBJECT, K_SAME_SHAPE, K_DENSE_ARRAY, K_BOOLEAN, K_NUMBER, K_STRING, K_BIG_INT, K_DATE, K_REG_EXP,
    K_SHARED_ARRAY_BUFFER]) QUIET[k] = true;
  function __as_cloneWalk(root, memory) {
    const srcs = [], outs = [], keyLists = [], at = [], extra = [], kinds = [], pendKeys = [], pending = [];
    let sp = 0;
    // quiet: no script code has run during this walk (a getter, a Proxy's
    // trap), so a key read from a list made earlier is still there. An
    // array's fill asks Array.prototype "in": quiet only while its
    // prototype is Object.prototype's, whose own is always null.
    let quiet = getPrototypeOf(ArrayPrototype) === ObjectPrototype;
    // What the last plain object's keys were, and whether none of them is
    // a key of Object.prototype (an own data property is then made by
    // plain assignment). While quiet, an object of the same shape has
    // the same keys and nothing can have changed Object.prototype.
    let shapeKeys, shapeAssigns = false;
    kind(); // forget the shapes of earlier walks
    const desc = { __proto__: null, value: undefined, writable: true, enumerable: true, configurable: true };
    // __as_fill copies src's properties into out from the i-th key on.
    // Called by a clone (nested), it stops at the first value that is an
    // object and leaves a frame to clone it and go on after it; called by
    // the walk, it clones such a value itself, and stops only when that
    // value left a frame of its own (it holds objects): then this fill's
    // frame goes under it. So the call depth stays two, whatever the
    // depth of the value, and a container of primitives costs no frame.
    function __as_fill(src, out, keys, i, proto, k, nested) {
      const n = k === DENSE ? keys : keys.length;
      while (i < n) {
        const key = k === DENSE ? i : keys[i];
        i++;
        // A getter read earlier may have deleted a later property.
        if (!quiet && !hasOwnKey(src, key)) continue;
        let value = src[key];
        if (value !== null && (typeof value === "object" || typeof value === "function" || typeof value === "symbol")) {
          if (nested) {
            __as_frame(sp, src, out, keys, i, proto, k, key, value);
            sp++;
            return;
          }
          const base = sp;
          value = __as_clone(value);
          __as_put(out, key, value, proto);
          if (sp !== base) {
            for (let j = sp; j > base; j--) __as_move(j - 1, j);
            __as_frame(base, src, out, keys, i, proto, k, undefined, NONE);
            sp++;
            return;
          }
          continue;
        }
        // __as_put, inlined: this line runs once a primitive.
        if (key in proto) {
          desc.value = value;
          defineProperty(out, key, desc);
          desc.value = undefined;
        } else {
          out[key] = value;
        }
      }
    }
    function __as_frame(f, src, out, keys, i, proto, k, key, value) {
      srcs[f] = src; outs[f] = out; keyLists[f] = keys; at[f] = i; extra[f] = proto; kinds[f] = k;
      pendKeys[f] = key; pending[f] = value;
    }
    function __as_move(from, to) {
      __as_frame(to, srcs[from], outs[from], keyLists[from], at[from], extra[from], kinds[from], pendKeys[from], pending[from]);
    }
    // A plain assignment makes an own data property unless the clone's
    // prototype has the key (a setter, "__proto__"): then it is defined.
    function __as_put(out, key, value, proto) {
      if (key in proto) {
        desc.value = value;
        defineProperty(out, key, desc);
        desc.value = undefined;
      } else {
        out[key] = value;
      }
    }
    function __as_clone(v) {
      const t = typeof v;
      if (v === null || (t !== "object" && t !== "function")) {
        if (t === "symbol") throw __as_cloneError(String(v));
        return v;
      }
      const seen = memory.get(v);
      if (seen !== undefined) return seen;
      const k = kind(v);
      if (quiet && QUIET[k] !== true) quiet = false;
      let out;
      switch (k) {
        case K_OBJECT: case K_PLAIN_OBJECT: case K_SAME_SHAPE: {
          let keys;
          if (k === K_SAME_SHAPE && quiet) {
            keys = shapeKeys; // and PLATFORM was not in the last one
          } else {
            if (PLATFORM in v) throw __as_cloneError(__as_describe(v));
            keys = keysOf(v);
            if (k !== K_OBJECT) {
              shapeKeys = keys;
              shapeAssigns = true;
              for (let i = 0; i < keys.length; i++) if (keys[i] in ObjectPrototype) shapeAssigns = false;
            }
          }
          out = {};
          memory.set(v, out);
          if (!quiet || !shapeAssigns || k === K_OBJECT) {
            __as_fill(v, out, keys, 0, ObjectPrototype, 0, true);
            return out;
          }
          // __as_fill's nested loop where nothing can run: every key is
          // there and none is Object.prototype's.
          for (let i = 0; i < keys.length; i++) {
            const key = keys[i], value = v[key];
            if (value !== null && (typeof value === "object" || typeof value === "function" || typeof value === "symbol")) {
              __as_frame(sp, v, out, keys, i + 1, ObjectPrototype, 0, key, value);
              sp++;
              return out;
            }
            out[key] = value;
          }
          return out;
        }
        case K_ARRAY: case K_DENSE_ARRAY: {
          const n = v.length;
          out = new ArrayCtor(n);
          memory.set(v, out);
          // A dense array is read by index: no string key per index.
          if (k === K_DENSE_ARRAY) __as_fill(v, out, n, 0, ArrayPrototype, DENSE, true);
          else __as_fill(v, out, keysOf(v), 0, ArrayPrototype, 0, true);
          return out;
        }
        case K_MAP: case K_SET: {
          const items = [];
          if (k === K_MAP) apply(mapForEach, v, [function __as_entry(x, key) { items.push(key, x); }]);
          else apply(setForEach, v, [function __as_entry(x) { items.push(x); }]);
          out = k === K_MAP ? new MapCtor() : new SetCtor();
          memory.set(v, out);
          srcs[sp] = v; outs[sp] = out; keyLists[sp] = items; at[sp] = 0; extra[sp] = []; kinds[sp] = k === K_MAP ? MAP : SET;
          pending[sp] = NONE;
          sp++;
          return out;
        }
        case K_BOOLEAN: case K_NUMBER: case K_STRING: case K_BIG_INT:
          out = ObjectCtor(apply(primitiveOf[k], v, []));
          break;
        case K_DATE:
          out = new DateCtor(apply(dateValue, v, []));
          break;
        case K_REG_EXP: {
          let flags = "";
          for (let i = 0; i < reFlags.length; i++) if (apply(reFlags[i][0], v, [])) flags += reFlags[i][1];
          out = new RegExpCtor(apply(reSource, v, []), flags);
          break;
        }
        case K_ARRAY_BUFFER:
          out = __as_copyBuffer(v);
          break;
        case K_SHARED_ARRAY_BUFFER:
          out = v; // shared, as node shares it with a worker
          break;
        case K_TYPED_ARRAY: case K_TRACKING_TYPED_ARRAY: case K_DATA_VIEW: case K_TRACKING_DATA_VIEW:
          return __as_cloneView(v, k);
        case K_ERROR:
          if (DOM in v) {
            out = new DOMException(v.message, v.name);
            break;
          }
          out = __as_cloneErrorValue(v);
          memory.set(v, out); // before its cause: a cause may hold it
          __as_cloneCause(v, out);
          return out;
        case K_DETACHED_ARRAY_BUFFER:
          throw __as_cloneError("A detached ArrayBuffer");
        case K_PROXY:
          throw __as_cloneError("A Proxy");
        case K_FUNCTION:
          throw __as_cloneError(v.name ? "function " + v.name : "A function");
        default:
          throw __as_cloneError(Object.prototype.toString.call(v).slice(8, -1) || "The value");
      }
      memory.set(v, out);
      return out;
    }
    // __as_cloneView clones a typed array or DataView over the clone of its
    // buffer (one clone per buffer, so views that share one still do).
    function __as_cloneView(v, k) {
      const typed = k === K_TYPED_ARRAY || k === K_TRACKING_TYPED_ARRAY;
      const tracking = k === K_TRACKING_TYPED_ARRAY || k === K_TRACKING_DATA_VIEW;
      let buffer, offset, length;
      if (typed) {
        buffer = apply(taBuffer, v, []);
        offset = apply(taByteOffset, v, []);
        length = apply(taLength, v, []);
        if (length === 0 && offset === 0 && !__as_inBounds(v)) throw __as_cloneError("An out-of-bounds typed array");
      } else {
        buffer = apply(dvBuffer, v, []);
        try {
          offset = apply(dvByteOffset, v, []);
          length = apply(dvByteLength, v, []);
        } catch (_) {
          throw __as_cloneError("An out-of-bounds DataView");
        }
      }
      const b = __as_clone(buffer);
      let out;
      if (typed) {
        const Ctor = typedCtors[apply(taTag, v, [])];
        out = tracking ? new Ctor(b, offset) : new Ctor(b, offset, length);
      } else {
        out = tracking ? new DataViewCtor(b, offset) : new DataViewCtor(b, offset, length);
      }
      memory.set(v, out);
      return out;
    }
    function __as_cloneCause(v, out) {
      const cd = getOwnPropertyDescriptor(v, "cause");
      if (cd !== undefined && "value" in setPrototypeOf(cd, null)) {
        defineProperty(out, "cause", { __proto__: null, value: __as_clone(cd.value), writable: true, enumerable: false, configurable: true });
      }
    }
    // __as_inBounds tells an empty typed array at offset 0 from one whose
    // buffer shrank under it: copying the second throws.
    function __as_inBounds(v) {
      try { new U8(v); return true; } catch (_) { return false; }
    }
    const result = __as_clone(root);
    while (sp > 0) {
      const top = sp - 1, k = kinds[top];
      if (k === MAP || k === SET) {
        const keys = keyLists[top], list = extra[top];
        const i = at[top];
        if (i < keys.length) {
          at[top] = i + 1;
          list.push(__as_clone(keys[i]));
          continue;
        }
        const out = outs[top];
        if (k === MAP) for (let j = 0; j < list.length; j += 2) apply(mapSet, out, [list[j], list[j + 1]]);
        else for (let j = 0; j < list.length; j++) apply(setAdd, out, [list[j]]);
        sp--;
        srcs[top] = outs[top] = keyLists[top] = extra[top] = undefined;
        continue;
      }
      // The value waiting on top of an object's or array's frame: its
      // clone (which may leave frames above), then the rest of the fill.
      const src = srcs[top], out = outs[top], keys = keyLists[top], proto = extra[top], p = pending[top];
      if (p !== NONE) {
        pending[top] = NONE;
        __as_put(out, pendKeys[top], __as_clone(p), proto);
        // The value's own frame is above: this one goes on after it.
        if (sp - 1 !== top) continue;
      }
      sp--;
      const i = at[top];
      srcs[top] = outs[top] = keyLists[top] = extra[top] = pending[top] = pendKeys[top] = undefined;
      __as_fill(src, out, keys, i, proto, k, false);
    }
    return result;
  }
  // __as_cloneErrorValue is the standard's Error serialization: one of the
  // seven native names (else "Error") and an own message; the stack and
  // the cause go with it, as in node.
  function __as_cloneErrorValue(v) {
    let name = v.name;
    name = typeof name === "string" && name in errorCtors ? name : "Error";
    const md = getOwnPropertyDescriptor(v, "message");
    const out = md !== undefined && "value" in setPrototypeOf(md, null) ? new errorCtors[name](String(md.value)) : new errorCtors[name]();
    const sd = getOwnPropertyDescriptor(v, "stack");
    if (sd !== undefined && typeof setPrototypeOf(sd, null).value === "string") {
      defineProperty(out, "stack", { __proto__: null, value: sd.value, writable: true, enumerable: false, configurable: true });
    }
    return out;
  }

  // ---- queueMicrotask ----
  const resolved = Promise.resolve();
  function queueMicrotask(callback) {
    if (typeof callback !== "function") {
      throw new TypeError("queueMicrotask: the callback must be a function, got " + __as_describe(callback));
    }
    resolved.then(function __as_microtask() { callback(); });
  }

  // ---- crypto ----
  const integerArrays = ["Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array",
    "Int32Array", "Uint32Array", "BigInt64Array", "BigUint64Array"];
  const digestNames = ["SHA-1", "SHA-256", "SHA-384", "SHA-512"];
  class SubtleCrypto {
    digest(algorithm, data) {
      try {
        __as_required(2, arguments.length, "crypto.subtle.digest", "await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))");
        const name = typeof algorithm === "string" ? algorithm : algorithm !== null && typeof algorithm === "object" ? algorithm.name : undefined;
        if (typeof name !== "string") {
          throw new TypeError("crypto.subtle.digest: the algorithm must be a name such as 'SHA-256' or {name: 'SHA-256'}");
        }
        const out = __as_fromBase64(__as_call("crypto.digest", name, __as_toBase64(__as_bytes(data, "crypto.subtle.digest"))));
        return Promise.resolve(out.buffer);
      } catch (e) {
        return Promise.reject(e);
      }
    }
  }
  for (const m of ["encrypt", "decrypt", "sign", "verify", "generateKey", "deriveKey", "deriveBits", "importKey",
    "exportKey", "wrapKey", "unwrapKey"]) {
    Object.defineProperty(SubtleCrypto.prototype, m, { __proto__: null, writable: true, configurable: true, value: function () {
      return Promise.reject(new DOMException("crypto.subtle." + m + " is not available here: only crypto.subtle.digest (" +
        digestNames.join(", ") + ") is; for other cryptography use bash (openssl)", "NotSupportedError"));
    } });
  }
  const subtle = new SubtleCrypto();
  const crypto = {
    getRandomValues(array) {
      __as_required(1, arguments.length, "crypto.getRandomValues", "crypto.getRandomValues(new Uint8Array(16))");
      const tag = isView(array) ? taTag.call(array) : undefined;
      if (integerArrays.indexOf(tag) < 0) {
        throw new DOMException("crypto.getRandomValues: the array must be an integer typed array such as Uint8Array, got " +
          __as_describe(array), "TypeMismatchError");
      }
      const bytes = __as_fromBase64(__as_call("crypto.random", String(array.byteLength)));
      new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(bytes);
      return array;
    },
    randomUUID() { return __as_call("crypto.uuid"); },
  };
  Object.defineProperty(crypto, "subtle", { __proto__: null, value: subtle, enumerable: true });
  Object.defineProperty(crypto, Symbol.toStringTag, { __proto__: null, value: "Crypto" });

  // ---- performance ----
  const timeOrigin = +__as_call("perf.origin");
  const performance = {
    now() { return +__as_call("perf.now"); },
    toJSON() { return { timeOrigin }; },
  };
  Object.defineProperty(performance, "timeOrigin", { __proto__: null, value: timeOrigin, enumerable: true });
  Object.defineProperty(performance, Symbol.toStringTag, { __proto__: null, value: "Performance" });

  // ---- path ----
  function __as_str(v, name) {
    if (typeof v !== "string") {
      const e = new TypeError("The \"" + name + "\" argument must be of type string. Received " + __as_describe(v));
      e.code = "ERR_INVALID_ARG_TYPE";
      throw e;
    }
    return v;
  }
  function __as_strings(args) {
    const a = [];
    for (let i = 0; i < args.length; i++) a.push(__as_str(args[i], "paths[" + i + "]"));
    return a;
  }
  const path = {
    sep: "/",
    delimiter: ":",
    normalize(p) { return __as_call("path.normalize", __as_str(p, "path")); },
    join(...parts) {
      const a = __as_strings(parts);
      return host.apply(undefined, ["path.join"].concat(a)).slice(1);
    },
    resolve(...parts) {
      const a = __as_strings(parts);
      return host.apply(undefined, ["path.resolve"].concat(a)).slice(1);
    },
    relative(from, to) { return __as_call("path.relative", __as_str(from, "from"), __as_str(to, "to")); },
    dirname(p) { return __as_call("path.dirname", __as_str(p, "path")); },
    basename(p, suffix) {
      __as_str(p, "path");
      if (suffix === undefined) return __as_call("path.basename", p);
      return __as_call("path.basename", p, __as_str(suffix, "suffix"));
    },
    extname(p) { return __as_call("path.extname", __as_str(p, "path")); },
    isAbsolute(p) { return __as_str(p, "path").charCodeAt(0) === 47; },
    parse(p) { return JSONparse(__as_call("path.parse", __as_str(p, "path"))); },
    format(o) {
      if (o === null || typeof o !== "object") {
        const e = new TypeError("The \"pathObject\" argument must be of type object. Received " + __as_describe(o));
        e.code = "ERR_INVALID_ARG_TYPE";
        throw e;
      }
      const dir = o.dir || o.root;
      const ext = o.ext ? (o.ext[0] === "." ? "" : ".") + o.ext : "";
      const base = o.base || (o.name || "") + ext;
      if (!dir) return base;
      return dir === o.root ? dir + base : dir + "/" + base;
    },
    toNamespacedPath(p) { return p; },
  };
  path.posix = path;
  Object.freeze(path);

  // Web globals are writable, configurable and not enumerable.
  __as_define(global, {
    URL, URLSearchParams, TextEncoder, TextDecoder, atob, btoa, structuredClone, queueMicrotask,
    crypto, performance, DOMException, path,
  });
};
