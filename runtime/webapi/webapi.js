// The web-standard globals that do no I/O, in the web's shapes, over one
// host function that does the work in Go (package webapi). Bytes cross that
// string boundary as base64, made and read by the engine's native
// Uint8Array.prototype.toBase64 and Uint8Array.fromBase64 (ES2026). The
// stub (stub.js) runs this the first time a script touches one of the
// globals: it leaves its init function where the stub takes it.
// Helpers are named __as_* so that their frames leave a script's stacks.
globalThis.__as_webapi_init = function __as_webapi(global, host) {
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
  const errorTypes = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  function __as_cloneError(what) {
    return new DOMException(what + " could not be cloned.", "DataCloneError");
  }
  function __as_is(method, v) {
    try { method.call(v); return true; } catch (_) { return false; }
  }
  const typedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
  const taBuffer = Object.getOwnPropertyDescriptor(typedArrayProto, "buffer").get;
  const taTag = Object.getOwnPropertyDescriptor(typedArrayProto, Symbol.toStringTag).get;
  const dvBuffer = Object.getOwnPropertyDescriptor(DataView.prototype, "buffer").get;
  const reSource = Object.getOwnPropertyDescriptor(RegExp.prototype, "source").get;
  function structuredClone(value, options = undefined) {
    __as_required(1, arguments.length, "structuredClone", "structuredClone({a: 1})");
    const transfer = options !== undefined && options !== null && options.transfer !== undefined ? Array.from(options.transfer) : [];
    for (const t of transfer) {
      if (!__as_is(abByteLength, t)) throw new DOMException("structuredClone: only ArrayBuffers can be transferred", "DataCloneError");
    }
    const memory = new Map();
    function __as_clone(v) {
      const t = typeof v;
      if (t === "symbol") throw __as_cloneError(String(v));
      if (t === "function") throw __as_cloneError((v.name ? "function " + v.name : "a function"));
      if (v === null || t !== "object") return v;
      if (memory.has(v)) return memory.get(v);
      let out;
      const set = function __as_remember(o) { memory.set(v, o); return o; };
      if (Array.isArray(v)) {
        out = set(new Array(v.length));
        for (const k of Object.keys(v)) out[k] = __as_clone(v[k]);
        return out;
      }
      if (__as_is(Date.prototype.getTime, v)) return set(new Date(Date.prototype.getTime.call(v)));
      if (__as_is(reSource, v)) {
        return set(new RegExp(v.source, v.flags));
      }
      if (__as_is(Boolean.prototype.valueOf, v)) return set(Object(Boolean.prototype.valueOf.call(v)));
      if (__as_is(Number.prototype.valueOf, v)) return set(Object(Number.prototype.valueOf.call(v)));
      if (__as_is(String.prototype.valueOf, v)) return set(Object(String.prototype.valueOf.call(v)));
      if (__as_is(BigInt.prototype.valueOf, v)) return set(Object(BigInt.prototype.valueOf.call(v)));
      if (__as_is(abByteLength, v)) return set(ArrayBuffer.prototype.slice.call(v, 0));
      if (sabByteLength !== undefined && __as_is(sabByteLength, v)) return set(v);
      if (isView(v)) {
        const tag = taTag.call(v);
        if (tag !== undefined) {
          const buf = __as_clone(taBuffer.call(v));
          return set(new global[tag](buf, v.byteOffset, v.length));
        }
        return set(new DataView(__as_clone(dvBuffer.call(v)), v.byteOffset, v.byteLength));
      }
      if (__as_is(Map.prototype.has, v)) {
        out = set(new Map());
        for (const [k, x] of Map.prototype.entries.call(v)) out.set(__as_clone(k), __as_clone(x));
        return out;
      }
      if (__as_is(Set.prototype.has, v)) {
        out = set(new Set());
        for (const x of Set.prototype.values.call(v)) out.add(__as_clone(x));
        return out;
      }
      if (DOM in v) return set(new DOMException(v.message, v.name));
      if (v instanceof Error) {
        const name = Object.prototype.hasOwnProperty.call(errorTypes, v.name) ? v.name : "Error";
        out = set(new errorTypes[name](v.message));
        if ("cause" in v) out.cause = __as_clone(v.cause);
        return out;
      }
      if (v instanceof Promise || __as_is(WeakMap.prototype.has, v) || __as_is(WeakSet.prototype.has, v) ||
          (typeof WeakRef === "function" && __as_is(WeakRef.prototype.deref, v)) ||
          C in v || L in v || DEC in v || v instanceof TextEncoder) {
        throw __as_cloneError(Object.prototype.toString.call(v).slice(8, -1) || "the value");
      }
      out = set({});
      for (const k of Object.keys(v)) out[k] = __as_clone(v[k]);
      return out;
    }
    const result = __as_clone(value);
    if (transfer.length > 0) {
      const detach = ArrayBuffer.prototype.transfer;
      if (typeof detach !== "function") {
        throw new DOMException("structuredClone: transfer is not supported by this engine; clone without it", "DataCloneError");
      }
      for (const t of transfer) detach.call(t);
    }
    return result;
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
