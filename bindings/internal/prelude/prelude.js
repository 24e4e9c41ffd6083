// The script-side half of atomic-script's bindings. It runs once per VM,
// before the script, and turns a handful of string-in/string-out host
// functions into the globals a script sees. Every function defined here is
// named with the __as_ prefix so stack traces can drop its frames.
(function __as_prelude(global) {
  "use strict";
  const hostCall = global.__as_call;   // (name, argsJSON) -> id
  const hostCallP = global.__as_callp; // (name, argsJSON) -> promise, when the VM makes promises in Go
  const hostSync = global.__as_sync;   // (op, payloadJSON) -> resultJSON
  delete global.__as_call;
  delete global.__as_callp;
  delete global.__as_sync;

  // Primordials: everything the engine reads a script's outcome, its
  // values and its tool results through is captured here, before the
  // script runs, and called so that no prototype or global the script can
  // change is consulted (a poisoned Promise.prototype.then or
  // Object.prototype.toJSON must not forge a result or dodge --atomic).
  // Payloads to the host are built from strings, never by JSON.stringify of
  // an object the script could reach.
  const JSONstringify = JSON.stringify;
  const JSONparse = JSON.parse;
  const ReflectApply = Reflect.apply;
  const ObjectCreate = Object.create;
  const ObjectDefineProperty = Object.defineProperty;
  const ObjectFreeze = Object.freeze;
  const ObjectKeys = Object.keys;
  const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  const ObjectSetPrototypeOf = Object.setPrototypeOf;
  const ReflectGet = Reflect.get;
  const ProxyCtor = Proxy;
  const ObjectHasOwnProperty = Object.prototype.hasOwnProperty;
  const ObjectIsPrototypeOf = Object.prototype.isPrototypeOf;
  const ArrayIsArray = Array.isArray;
  const ArrayPrototypeJoin = Array.prototype.join;
  const StringCtor = String;
  const StringPrototypeReplace = String.prototype.replace;
  const RegExpPrototypeTest = RegExp.prototype.test;
  const SetCtor = Set;
  const SetPrototypeHas = Set.prototype.has;
  const SetPrototypeAdd = Set.prototype.add;
  const SetPrototypeDelete = Set.prototype.delete;
  const NumberIsInteger = Number.isInteger;
  const PromiseCtor = Promise;
  const PromisePrototype = Promise.prototype;
  const PromiseReject = Promise.reject;
  const ErrorCtor = Error;
  const ErrorPrototype = Error.prototype;
  const TypeErrorCtor = TypeError;
  const InternalErrorPrototype = typeof InternalError === "function" ? InternalError.prototype : undefined;
  const inspectCustom = Symbol.for("nodejs.util.inspect.custom");
  const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
  const TypedArrayLength = ObjectGetOwnPropertyDescriptor(TypedArrayPrototype, "length").get;
  const TypedArrayTag = ObjectGetOwnPropertyDescriptor(TypedArrayPrototype, Symbol.toStringTag).get;
  const ArrayBufferByteLength = ObjectGetOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength").get;
  const MapPrototypeEntries = Map.prototype.entries;
  const MapSize = ObjectGetOwnPropertyDescriptor(Map.prototype, "size").get;
  const SetPrototypeValues = Set.prototype.values;
  const SetSize = ObjectGetOwnPropertyDescriptor(Set.prototype, "size").get;
  const pending = ObjectCreate(null); // call id -> [resolve, reject]

  function __as_own(o, k) { return ReflectApply(ObjectHasOwnProperty, o, [k]); }
  function __as_isA(proto, v) {
    return v !== null && (typeof v === "object" || typeof v === "function") && ReflectApply(ObjectIsPrototypeOf, proto, [v]);
  }
  function __as_isPromise(v) { return __as_isA(PromisePrototype, v); }
  // __as_push appends x to an array of the prelude's own, through no setter.
  function __as_push(a, x) {
    ObjectDefineProperty(a, a.length, { __proto__: null, value: x, writable: true, enumerable: true, configurable: true });
  }
  function __as_join(a, sep) { return ReflectApply(ArrayPrototypeJoin, a, [sep]); }
  // __as_q is the JSON text of a primitive (no toJSON is consulted).
  function __as_q(v) { return JSONstringify(v); }

  // __as_sync ops take a JSON payload text and answer {"ok": value} or
  // {"err": {name, message, code}}.
  function __as_sync(op, json) {
    const reply = JSONparse(hostSync(op, json === undefined ? "" : json));
    if (__as_own(reply, "err")) throw __as_makeError(new ErrorCtor(), reply.err);
    return __as_own(reply, "ok") ? reply.ok : undefined;
  }

  // __as_set gives err an own property, so no accessor the script put on
  // Error.prototype decides what it reads as.
  function __as_set(err, k, v, enumerable) {
    ObjectDefineProperty(err, k, { __proto__: null, value: v, writable: true, enumerable: enumerable, configurable: true });
  }
  function __as_makeError(err, info) {
    __as_set(err, "name", __as_own(info, "name") && info.name ? StringCtor(info.name) : "Error", true);
    __as_set(err, "message", __as_own(info, "message") && info.message ? StringCtor(info.message) : "", true);
    if (__as_own(info, "code") && info.code) __as_set(err, "code", info.code, true);
    if (__as_own(info, "callId") && info.callId) __as_set(err, "callId", info.callId, true);
    return err;
  }

  // Settles a batch of finished calls: [[id, ok, value], ...].
  function __as_settle(batchJSON) {
    const batch = JSONparse(batchJSON);
    for (let i = 0; i < batch.length; i++) {
      const call = batch[i];
      const id = call[0];
      const p = pending[id];
      if (p === undefined) continue;
      delete pending[id];
      if (call[1]) p[0](call[2]);
      else p[1](__as_makeError(new ErrorCtor(), call[2]));
    }
  }

  function __as_reject(err) { return ReflectApply(PromiseReject, PromiseCtor, [err]); }

  // __as_callTool starts a call and returns its promise. A failed call
  // rejects with an Error made when the failure arrives: capturing a stack
  // at every call would cost more than the rest of the call.
  // shown is how the script calls it (default tools.NAME).
  function __as_callTool(name, args, shown) {
    let json;
    if (args === undefined) {
      json = "{}";
    } else if (args === null || typeof args !== "object" || ArrayIsArray(args)) {
      return __as_reject(__as_makeError(new ErrorCtor(), { __proto__: null,
        name: "ToolError", code: "ERR_INVALID_ARGS",
        message: name + ": arguments must be an object, e.g. " + (shown === undefined ? "tools." + name : shown) + "({...}); got " +
          (args === null ? "null" : ArrayIsArray(args) ? "an array" : typeof args),
      }));
    } else {
      try {
        json = JSONstringify(args);
      } catch (e) {
        return __as_reject(__as_makeError(new ErrorCtor(), { __proto__: null,
          name: "ToolError", code: "ERR_INVALID_ARGS",
          message: name + ": arguments are not JSON-serialisable: " + __as_describeError(e).message,
        }));
      }
      if (typeof json !== "string") {
        return __as_reject(__as_makeError(new ErrorCtor(), { __proto__: null,
          name: "ToolError", code: "ERR_INVALID_ARGS",
          message: name + ": arguments are not JSON-serialisable (their toJSON returned " + typeof json + ")",
        }));
      }
    }
    if (hostCallP !== undefined) return hostCallP(name, json);
    const reply = hostCall(name, json);
    if (reply[0] === "{") {
      return __as_reject(__as_makeError(new ErrorCtor(), JSONparse(reply)));
    }
    const id = +reply;
    return new PromiseCtor(function __as_executor(resolve, reject) {
      pending[id] = [resolve, reject];
    });
  }

  // ---- tools, discovery ----
  // Built-in tools are functions on `tools`; a namespace (an MCP server) is
  // a getter that lists its tools the first time the script touches it.
  // Every tool is reachable by its identifier (tools.ns.get_sum) and by its
  // own name (tools.ns["get-sum"]); a namespace likewise. Reading a name
  // that is not a tool throws an error naming the nearest ones ("x" in
  // tools tests for a tool), and reading a namespace that could not be
  // loaded (an MCP server that failed to start) throws why.
  const catalog = __as_sync("catalog");
  const tools = {};
  function __as_toolFunction(call) {
    return function __as_tool(args) { return __as_callTool(call, args); };
  }
  function __as_put(o, key, desc, alias) {
    if (alias && __as_own(o, key)) return;
    ObjectSetPrototypeOf(desc, null); // a descriptor inherits nothing the script set
    desc.enumerable = !alias;
    ObjectDefineProperty(o, key, desc);
  }
  // __as_guard makes reading a name that is not a tool an error. Names read
  // by await, Promise.resolve and JSON.stringify ("then", "toJSON") are
  // absent, not an error. The handler has no prototype, so no trap the
  // script puts on Object.prototype joins it.
  function __as_guard(target, namespace) {
    const handler = ObjectCreate(null);
    handler.get = function __as_get(t, key, receiver) {
      if (typeof key !== "string" || key in t || key === "then" || key === "toJSON") return ReflectGet(t, key, receiver);
      return __as_sync("unknownTool", '{"namespace":' + __as_q(namespace) + ',"name":' + __as_q(key) + "}"); // throws
    };
    return new ProxyCtor(target, handler);
  }
  for (let i = 0; i < catalog.tools.length; i++) {
    const t = catalog.tools[i];
    __as_put(tools, t.path[0], { __proto__: null, value: __as_toolFunction(t.call) }, false);
  }
  for (let i = 0; i < catalog.namespaces.length; i++) {
    const ns = catalog.namespaces[i];
    let loaded;
    const getter = function __as_namespace() {
      if (loaded === undefined) {
        try {
          const o = {};
          const list = __as_sync("loadNamespace", __as_q(ns.name));
          for (let j = 0; j < list.length; j++) __as_put(o, list[j].path[1], { __proto__: null, value: __as_toolFunction(list[j].call) }, false);
          for (let j = 0; j < list.length; j++) __as_put(o, list[j].name, { __proto__: null, value: o[list[j].path[1]] }, true);
          loaded = { __proto__: null, value: __as_guard(ObjectFreeze(o), ns.name) };
        } catch (e) {
          const d = __as_describeError(e);
          loaded = { __proto__: null, error: { __proto__: null, name: d.name, message: d.message, code: d.code } };
        }
      }
      if (__as_own(loaded, "error")) throw __as_makeError(new ErrorCtor(), loaded.error);
      return loaded.value;
    };
    __as_put(tools, ns.id, { __proto__: null, get: getter }, false);
  }
  for (let i = 0; i < catalog.namespaces.length; i++) {
    const ns = catalog.namespaces[i];
    if (ns.name !== ns.id) __as_put(tools, ns.name, ObjectGetOwnPropertyDescriptor(tools, ns.id), true);
  }
  let allTools;
  function __as_allTools() {
    if (allTools === undefined) {
      const list = __as_sync("allTools");
      const out = [];
      for (let i = 0; i < list.length; i++) {
        const t = list[i];
        __as_push(out, ObjectFreeze({ name: t.name, description: t.description, namespace: t.namespace }));
      }
      allTools = ObjectFreeze(out);
    }
    return allTools;
  }

  // ---- models ----
  // models.* are calls like the tools' (recorded, settled in Go, failing
  // with a coded Error), routed to the run's model provider.
  function __as_modelFunction(call) {
    return function __as_model(args) { return __as_callTool(call, args, call); };
  }
  const models = ObjectFreeze({
    list: __as_modelFunction("models.list"),
    classify: __as_modelFunction("models.classify"),
    generateImages: __as_modelFunction("models.generateImages"),
  });

  // ---- output ----
  function __as_str(v) {
    try { return StringCtor(v); } catch (e) { return "[value that cannot be shown]"; }
  }
  function __as_isError(v) { return __as_isA(ErrorPrototype, v); }
  // __as_brand calls an intrinsic getter on v, or gives undefined when v
  // is not of its kind (the getter's brand check throws).
  function __as_brand(getter, v) {
    try { return ReflectApply(getter, v, []); } catch (_) { return undefined; }
  }
  function __as_inspect(v, depth, seen) {
    if (typeof v === "string") return depth === 0 ? v : JSONstringify(v);
    if (v === undefined) return "undefined";
    if (v === null || typeof v === "number" || typeof v === "boolean") return StringCtor(v);
    if (typeof v === "bigint") return StringCtor(v) + "n";
    if (typeof v === "symbol") return __as_str(v);
    if (typeof v === "function") {
      // The globals defined here are named __as_* so that their frames
      // leave error stacks; show them by the name a script uses.
      const name = ReflectApply(StringPrototypeReplace, __as_str(v.name), [/^__as_/, ""]);
      return "[Function" + (name ? ": " + name : " (anonymous)") + "]";
    }
    if (__as_isPromise(v)) return "Promise { (not awaited: use await) }";
    if (__as_isError(v)) return (__as_str(v.name) || "Error") + (v.message ? ": " + __as_str(v.message) : "") +
      (v.code ? " [" + __as_str(v.code) + "]" : "");
    if (ReflectApply(SetPrototypeHas, seen, [v])) return "[Circular]";
    if (depth > 6) return ArrayIsArray(v) ? "[Array]" : "[Object]";
    // Web globals (URL, URLSearchParams) say how they print, as in Node.
    let custom;
    try { custom = v[inspectCustom]; } catch (_) {}
    if (typeof custom === "function") {
      try { return __as_str(ReflectApply(custom, v, [])); } catch (_) {}
    }
    ReflectApply(SetPrototypeAdd, seen, [v]);
    let out;
    const len = __as_brand(TypedArrayLength, v);
    if (len !== undefined) {
      const n = len < 100 ? len : 100;
      const parts = [];
      for (let i = 0; i < n; i++) __as_push(parts, __as_str(v[i]) + (typeof v[i] === "bigint" ? "n" : ""));
      if (len > n) __as_push(parts, "... " + (len - n) + " more");
      out = __as_str(__as_brand(TypedArrayTag, v)) + "(" + len + ") [" + __as_join(parts, ", ") + "]";
    } else if (__as_brand(ArrayBufferByteLength, v) !== undefined) {
      out = "ArrayBuffer { byteLength: " + __as_brand(ArrayBufferByteLength, v) + " }";
    } else if (__as_brand(MapSize, v) !== undefined || __as_brand(SetSize, v) !== undefined) {
      const isMap = __as_brand(MapSize, v) !== undefined;
      const parts = [];
      for (const e of ReflectApply(isMap ? MapPrototypeEntries : SetPrototypeValues, v, [])) {
        __as_push(parts, isMap ? __as_inspect(e[0], depth + 1, seen) + " => " + __as_inspect(e[1], depth + 1, seen) : __as_inspect(e, depth + 1, seen));
      }
      out = (isMap ? "Map" : "Set") + "(" + parts.length + ") " + (parts.length === 0 ? "{}" : "{ " + __as_join(parts, ", ") + " }");
    } else if (ArrayIsArray(v)) {
      const parts = [];
      for (let i = 0; i < v.length; i++) __as_push(parts, __as_inspect(v[i], depth + 1, seen));
      out = "[" + __as_join(parts, ", ") + "]";
    } else {
      const keys = ObjectKeys(v);
      const parts = [];
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i];
        let shown;
        try { shown = __as_inspect(v[k], depth + 1, seen); } catch (e) { shown = "[unavailable: " + __as_describeError(e).message + "]"; }
        __as_push(parts, (ReflectApply(RegExpPrototypeTest, /^[A-Za-z_$][\w$]*$/, [k]) ? k : JSONstringify(k)) + ": " + shown);
      }
      out = parts.length === 0 ? "{}" : "{ " + __as_join(parts, ", ") + " }";
    }
    ReflectApply(SetPrototypeDelete, seen, [v]);
    return out;
  }
  function __as_format(args) {
    let s = "";
    for (let i = 0; i < args.length; i++) {
      if (i > 0) s += " ";
      s += __as_inspect(args[i], 0, new SetCtor());
    }
    return s;
  }
  // __as_toJSON renders a value as JSON text, replacing what JSON cannot
  // hold (cycles, bigint, functions) instead of failing. A value's own
  // toJSON (a Date's) is honoured: the value is the script's to shape.
  function __as_toJSON(v, indent) {
    const seen = new SetCtor();
    return JSONstringify(v, function __as_replacer(k, x) {
      if (typeof x === "bigint") return StringCtor(x);
      if (typeof x === "function") return undefined;
      if (__as_isError(x)) {
        const o = ObjectCreate(null);
        o.name = x.name; o.message = x.message; o.code = x.code;
        return o;
      }
      if (x !== null && typeof x === "object") {
        if (ReflectApply(SetPrototypeHas, seen, [x])) return "[Circular]";
        ReflectApply(SetPrototypeAdd, seen, [x]);
      }
      return x;
    }, indent);
  }
  function __as_log(level) {
    // The text goes as it is, the level in the op: a large log line is
    // neither quoted nor concatenated (each a copy of it in the VM).
    const op = "log:" + level;
    return function __as_console() { hostSync(op, __as_format(arguments)); };
  }
  const console = ObjectFreeze({
    log: __as_log("log"), info: __as_log("info"), debug: __as_log("debug"),
    warn: __as_log("warn"), error: __as_log("error"),
  });

  // __as_notAwaited is the error for a promise given where a value belongs:
  // JSON would turn it into {} and hide the missing await.
  function __as_notAwaited(fn) {
    return __as_makeError(new TypeErrorCtor(), { __proto__: null, name: "TypeError", code: "ERR_INVALID_ARGS",
      message: fn + ": got a Promise; await it first, e.g. " + fn + "(await tools.read({...}))" });
  }
  function __as_typeError(message) {
    return __as_makeError(new TypeErrorCtor(), { __proto__: null, name: "TypeError", code: "ERR_INVALID_ARGS", message: message });
  }
  function __as_text(value) {
    if (__as_isPromise(value)) throw __as_notAwaited("text");
    let s = typeof value === "string" ? value : value === undefined ? "undefined" : __as_toJSON(value, 2);
    if (typeof s !== "string") s = __as_str(value);
    __as_sync("text", s); // as it is: quoting would copy it
  }
  function __as_image(value) {
    let json;
    try { json = JSONstringify(value); } catch (e) { json = undefined; }
    __as_sync("image", typeof json === "string" ? json : "null");
  }
  function __as_exit(code) {
    if (code === undefined) code = 0;
    if (typeof code !== "number" || !NumberIsInteger(code) || code < 0 || code > 255) {
      throw __as_typeError("exit: code must be an integer from 0 to 255, got " +
        (typeof code === "string" ? JSONstringify(code) : typeof code === "number" || code === null ? StringCtor(code) : typeof code));
    }
    __as_sync("exit", __as_q(code === 0 ? 0 : code)); // -0 is 0
    // The host has stopped the run; nothing after this executes.
    throw new ErrorCtor("exit");
  }
  function __as_store(key, value) {
    if (typeof key !== "string" || key === "") throw __as_typeError("store: key must be a non-empty string");
    if (value === undefined) { __as_sync("store", "[" + __as_q(key) + "]"); return; }
    if (__as_isPromise(value)) throw __as_notAwaited("store");
    let json;
    try { json = JSONstringify(value); } catch (e) {
      throw __as_typeError("store: value for " + JSONstringify(key) + " is not JSON-serialisable: " + __as_describeError(e).message);
    }
    if (typeof json !== "string") {
      throw __as_typeError("store: value for " + JSONstringify(key) + " is not JSON-serialisable (" + typeof value + ")");
    }
    __as_sync("store", "[" + __as_q(key) + "," + __as_q(json) + "]");
  }
  function __as_load(key) {
    if (typeof key !== "string" || key === "") throw __as_typeError("load: key must be a non-empty string");
    const json = __as_sync("load", __as_q(key));
    return json === null || json === undefined ? undefined : JSONparse(json);
  }
  function __as_searchTools(query, options) {
    let opts = "{}";
    if (options !== undefined && options !== null) {
      try { opts = JSONstringify(options); } catch (e) { opts = "{}"; }
      if (typeof opts !== "string") opts = "{}";
    }
    const r = __as_sync("searchTools", '{"query":' + __as_q(query === undefined ? "" : __as_str(query)) + ',"options":' + opts + "}");
    const list = r.results;
    ObjectDefineProperty(list, "total", { __proto__: null, value: r.total, enumerable: false });
    return list;
  }
  function __as_describeTool(name) {
    const r = __as_sync("describeTool", __as_q(__as_str(name)));
    return r === null ? undefined : r;
  }
  function __as_describeNamespace(name) {
    const r = __as_sync("describeNamespace", __as_q(__as_str(name)));
    return r === null ? undefined : r;
  }

  // __as_main runs the wrapped script and reports how it settled; it works
  // once, so a script cannot call it again to report a forged result (and
  // dodge --atomic rollback). The script's promise is awaited, not
  // .then()ed: with its own `constructor` set to the captured Promise,
  // await takes the engine's own path, which no prototype or species the
  // script changed can reach.
  // The wrapper's call is the first thing a script runs, and the global
  // leaves at once: the script body never sees it.
  let mainStarted = false;
  function __as_main(fn) {
    if (mainStarted) throw new TypeErrorCtor("__as_main is internal to atomic-script");
    mainStarted = true;
    delete global.__as_main;
    let p;
    try { p = fn(); } catch (e) { p = __as_reject(e); }
    ObjectDefineProperty(p, "constructor", { __proto__: null, value: PromiseCtor });
    __as_await(p);
  }
  async function __as_await(p) {
    let value, failed = false, error;
    try { value = await p; } catch (e) { failed = true; error = e; }
    let report;
    try {
      if (failed) {
        report = '{"ok":false,"error":' + __as_errorJSON(error) + "}";
      } else {
        // The value goes on its own, neither quoted again nor concatenated
        // into the report: it can be most of the VM's memory. A string
        // goes as it is (the host quotes it), anything else as its JSON.
        if (typeof value === "string") {
          hostSync("valueText", value);
        } else {
          let json;
          try { json = value === undefined ? "" : __as_toJSON(value); } catch (e) { json = JSONstringify(__as_str(value)); }
          if (typeof json === "string") hostSync("value", json);
        }
        report = '{"ok":true}';
      }
    } catch (e) {
      report = failed ? '{"ok":false,"error":{"name":"Error","message":"the script failed with a value that cannot be described"}}'
        : '{"ok":true,"value":""}';
    }
    hostSync("done", report);
  }
  // __as_describeError is what a thrown value says of itself; reading it
  // runs the script's getters, so each read is guarded.
  function __as_describeError(e) {
    const d = ObjectCreate(null);
    if (__as_isError(e) || (e !== null && typeof e === "object" && typeof __as_get(e, "message") === "string")) {
      d.name = __as_str(__as_get(e, "name") || "Error");
      d.message = __as_str(__as_get(e, "message"));
      const stack = __as_get(e, "stack"), code = __as_get(e, "code"), callId = __as_get(e, "callId");
      d.stack = typeof stack === "string" ? stack : "";
      if (typeof code === "string") d.code = code;
      if (typeof callId === "string") d.callId = callId;
      if (InternalErrorPrototype !== undefined && __as_isA(InternalErrorPrototype, e) && d.message === "out of memory") d.oom = true;
      return d;
    }
    let text;
    try { text = typeof e === "string" ? e : __as_toJSON(e); } catch (_) { text = undefined; }
    d.name = "Uncaught";
    d.message = "non-Error value thrown: " + (typeof text === "string" ? text : __as_str(e));
    d.stack = "";
    return d;
  }
  function __as_get(o, k) {
    try { return o[k]; } catch (e) { return undefined; }
  }
  function __as_errorJSON(e) {
    const d = __as_describeError(e);
    let s = '{"name":' + __as_q(d.name) + ',"message":' + __as_q(d.message) + ',"stack":' + __as_q(d.stack);
    if (d.code !== undefined) s += ',"code":' + __as_q(d.code);
    if (d.callId !== undefined) s += ',"callId":' + __as_q(d.callId);
    if (d.oom) s += ',"oom":true';
    return s + "}";
  }

  function define(name, value) {
    ObjectDefineProperty(global, name, { __proto__: null, value, writable: false, enumerable: false, configurable: false });
  }
  define("tools", __as_guard(ObjectFreeze(tools), ""));
  ObjectDefineProperty(global, "ALL_TOOLS", { __proto__: null, get: __as_allTools, enumerable: false, configurable: false });
  define("ARGS", ObjectFreeze(__as_sync("args")));
  const __as_run = __as_sync("run");
  __as_run.diff = function diff() { return __as_sync("diff"); };
  define("RUN", ObjectFreeze(__as_run));
  define("console", console);
  define("models", models);
  define("text", __as_text);
  define("image", __as_image);
  define("exit", __as_exit);
  define("store", __as_store);
  define("load", __as_load);
  define("searchTools", __as_searchTools);
  define("describeTool", __as_describeTool);
  define("describeNamespace", __as_describeNamespace);
  // The host's two entry points: configurable, because they leave the
  // global object before the script runs (the host seals __as_settle,
  // __as_main deletes itself when the wrapper calls it).
  function internal(name, value) {
    ObjectDefineProperty(global, name, { __proto__: null, value, writable: false, enumerable: false, configurable: true });
  }
  internal("__as_settle", __as_settle);
  internal("__as_main", __as_main);
})(globalThis);
