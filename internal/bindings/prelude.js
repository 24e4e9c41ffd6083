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

  const JSONstringify = JSON.stringify;
  const JSONparse = JSON.parse;
  const pending = new Map();

  // __as_sync ops answer {"ok": value} or {"err": {name, message, code}}.
  function __as_sync(op, payload) {
    const reply = JSONparse(hostSync(op, payload === undefined ? "" : JSONstringify(payload)));
    if (reply.err) throw __as_makeError(new Error(), reply.err);
    return reply.ok;
  }

  function __as_makeError(err, info) {
    err.name = info.name || "Error";
    err.message = info.message || "";
    if (info.code) err.code = info.code;
    if (info.callId) err.callId = info.callId;
    return err;
  }

  // Settles a batch of finished calls: [[id, ok, value], ...].
  function __as_settle(batchJSON) {
    const batch = JSONparse(batchJSON);
    for (let i = 0; i < batch.length; i++) {
      const [id, ok, value] = batch[i];
      const p = pending.get(id);
      if (p === undefined) continue;
      pending.delete(id);
      if (ok) p[0](value);
      else p[1](__as_makeError(new Error(), value));
    }
  }

  // __as_callTool starts a call and returns its promise. A failed call
  // rejects with an Error made when the failure arrives: capturing a stack
  // at every call would cost more than the rest of the call.
  function __as_callTool(name, args) {
    let json;
    if (args === undefined) {
      json = "{}";
    } else if (args === null || typeof args !== "object" || Array.isArray(args)) {
      return Promise.reject(__as_makeError(new Error(), {
        name: "ToolError", code: "ERR_INVALID_ARGS",
        message: name + ": arguments must be an object, e.g. tools." + name + "({...}); got " +
          (args === null ? "null" : Array.isArray(args) ? "an array" : typeof args),
      }));
    } else {
      try {
        json = JSONstringify(args);
      } catch (e) {
        return Promise.reject(__as_makeError(new Error(), {
          name: "ToolError", code: "ERR_INVALID_ARGS",
          message: name + ": arguments are not JSON-serialisable: " + e.message,
        }));
      }
    }
    if (hostCallP !== undefined) return hostCallP(name, json);
    const reply = hostCall(name, json);
    if (reply.charAt(0) === "{") {
      return Promise.reject(__as_makeError(new Error(), JSONparse(reply)));
    }
    const id = +reply;
    return new Promise(function __as_executor(resolve, reject) {
      pending.set(id, [resolve, reject]);
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
  const hasOwn = Object.prototype.hasOwnProperty;
  function __as_toolFunction(call) {
    return function __as_tool(args) { return __as_callTool(call, args); };
  }
  function __as_put(o, key, desc, alias) {
    if (alias && hasOwn.call(o, key)) return;
    desc.enumerable = !alias;
    Object.defineProperty(o, key, desc);
  }
  // Names read by await, Promise.resolve and JSON.stringify: absent, not
  // an error.
  const probes = ["then", "toJSON"];
  function __as_guard(target, namespace) {
    return new Proxy(target, {
      get: function __as_get(t, key, receiver) {
        if (typeof key !== "string" || key in t || probes.indexOf(key) >= 0) return Reflect.get(t, key, receiver);
        return __as_sync("unknownTool", { namespace: namespace, name: key }); // throws
      },
    });
  }
  for (const t of catalog.tools) __as_put(tools, t.path[0], { value: __as_toolFunction(t.call) }, false);
  for (const ns of catalog.namespaces) {
    let loaded;
    const getter = function __as_namespace() {
      if (loaded === undefined) {
        try {
          const o = {};
          const list = __as_sync("loadNamespace", ns.name);
          for (const t of list) __as_put(o, t.path[1], { value: __as_toolFunction(t.call) }, false);
          for (const t of list) __as_put(o, t.name, { value: o[t.path[1]] }, true);
          loaded = { value: __as_guard(Object.freeze(o), ns.name) };
        } catch (e) {
          loaded = { error: { name: e.name, message: e.message, code: e.code } };
        }
      }
      if (loaded.error) throw __as_makeError(new Error(), loaded.error);
      return loaded.value;
    };
    __as_put(tools, ns.id, { get: getter }, false);
  }
  for (const ns of catalog.namespaces) {
    if (ns.name !== ns.id) __as_put(tools, ns.name, Object.getOwnPropertyDescriptor(tools, ns.id), true);
  }
  let allTools;
  function __as_allTools() {
    if (allTools === undefined) {
      allTools = Object.freeze(__as_sync("allTools").map(function __as_info(t) {
        return Object.freeze({ name: t.name, description: t.description, namespace: t.namespace });
      }));
    }
    return allTools;
  }

  // ---- output ----
  function __as_inspect(v, depth, seen) {
    if (typeof v === "string") return depth === 0 ? v : JSONstringify(v);
    if (v === undefined) return "undefined";
    if (v === null || typeof v === "number" || typeof v === "boolean") return String(v);
    if (typeof v === "bigint") return String(v) + "n";
    if (typeof v === "symbol") return v.toString();
    if (typeof v === "function") {
      // The globals defined here are named __as_* so that their frames
      // leave error stacks; show them by the name a script uses.
      const name = String(v.name).replace(/^__as_/, "");
      return "[Function" + (name ? ": " + name : " (anonymous)") + "]";
    }
    if (v instanceof Promise) return "Promise { (not awaited: use await) }";
    if (v instanceof Error) return (v.name || "Error") + (v.message ? ": " + v.message : "") +
      (v.code ? " [" + v.code + "]" : "");
    if (seen.indexOf(v) >= 0) return "[Circular]";
    if (depth > 6) return Array.isArray(v) ? "[Array]" : "[Object]";
    seen.push(v);
    let out;
    if (Array.isArray(v)) {
      const parts = [];
      for (let i = 0; i < v.length; i++) parts.push(__as_inspect(v[i], depth + 1, seen));
      out = "[" + parts.join(", ") + "]";
    } else {
      const keys = Object.keys(v);
      const parts = [];
      for (const k of keys) {
        let shown;
        try { shown = __as_inspect(v[k], depth + 1, seen); } catch (e) { shown = "[unavailable: " + e.message + "]"; }
        parts.push((/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSONstringify(k)) + ": " + shown);
      }
      out = parts.length === 0 ? "{}" : "{ " + parts.join(", ") + " }";
    }
    seen.pop();
    return out;
  }
  function __as_format(args) {
    let s = "";
    for (let i = 0; i < args.length; i++) {
      if (i > 0) s += " ";
      s += __as_inspect(args[i], 0, []);
    }
    return s;
  }
  // __as_toJSON renders a value as JSON text, replacing what JSON cannot
  // hold (cycles, bigint, functions) instead of failing.
  function __as_toJSON(v, indent) {
    const seen = [];
    return JSONstringify(v, function __as_replacer(k, x) {
      if (typeof x === "bigint") return String(x);
      if (typeof x === "function") return undefined;
      if (x instanceof Error) return { name: x.name, message: x.message, code: x.code };
      if (x !== null && typeof x === "object") {
        if (seen.indexOf(x) >= 0) return "[Circular]";
        seen.push(x);
      }
      return x;
    }, indent);
  }
  function __as_log(level) {
    return function __as_console() { hostSync("log", JSONstringify([level, __as_format(arguments)])); };
  }
  const console = Object.freeze({
    log: __as_log("log"), info: __as_log("info"), debug: __as_log("debug"),
    warn: __as_log("warn"), error: __as_log("error"),
  });

  // __as_notAwaited is the error for a promise given where a value belongs:
  // JSON would turn it into {} and hide the missing await.
  function __as_notAwaited(fn) {
    return __as_makeError(new TypeError(), { name: "TypeError", code: "ERR_INVALID_ARGS",
      message: fn + ": got a Promise; await it first, e.g. " + fn + "(await tools.read({...}))" });
  }
  function __as_text(value) {
    if (value instanceof Promise) throw __as_notAwaited("text");
    const s = typeof value === "string" ? value : value === undefined ? "undefined" : __as_toJSON(value, 2);
    __as_sync("text", s === undefined ? String(value) : s);
  }
  function __as_image(value) {
    __as_sync("image", value);
  }
  function __as_exit(code) {
    __as_sync("exit", code === undefined ? 0 : code);
    // The host has stopped the run; nothing after this executes.
    throw new Error("exit");
  }
  function __as_store(key, value) {
    if (typeof key !== "string" || key === "") {
      throw __as_makeError(new TypeError(), { name: "TypeError", code: "ERR_INVALID_ARGS",
        message: "store: key must be a non-empty string" });
    }
    if (value === undefined) { __as_sync("store", [key]); return; }
    if (value instanceof Promise) throw __as_notAwaited("store");
    let json;
    try { json = JSONstringify(value); } catch (e) {
      throw __as_makeError(new TypeError(), { name: "TypeError", code: "ERR_INVALID_ARGS",
        message: "store: value for " + JSONstringify(key) + " is not JSON-serialisable: " + e.message });
    }
    if (json === undefined) {
      throw __as_makeError(new TypeError(), { name: "TypeError", code: "ERR_INVALID_ARGS",
        message: "store: value for " + JSONstringify(key) + " is not JSON-serialisable (" + typeof value + ")" });
    }
    __as_sync("store", [key, json]);
  }
  function __as_load(key) {
    const json = __as_sync("load", key);
    return json === null ? undefined : JSONparse(json);
  }
  function __as_searchTools(query, options) {
    const r = __as_sync("searchTools", { query: String(query === undefined ? "" : query), options: options || {} });
    const list = r.results;
    Object.defineProperty(list, "total", { value: r.total, enumerable: false });
    return list;
  }
  function __as_describeTool(name) {
    const r = __as_sync("describeTool", String(name));
    return r === null ? undefined : r;
  }
  function __as_describeNamespace(name) {
    const r = __as_sync("describeNamespace", String(name));
    return r === null ? undefined : r;
  }

  // __as_main runs the wrapped script and reports how it settled.
  // __as_main runs the wrapped script; it works once, so a script cannot
  // call it again to report a forged result (and dodge --atomic rollback).
  let mainStarted = false;
  function __as_main(fn) {
    if (mainStarted) throw new TypeError("__as_main is internal to atomic-script");
    mainStarted = true;
    let p;
    try { p = fn(); } catch (e) { p = Promise.reject(e); }
    p.then(function __as_ok(v) {
      let json;
      try { json = v === undefined ? "" : __as_toJSON(v); } catch (e) { json = JSONstringify(String(v)); }
      hostSync("done", JSONstringify({ ok: true, value: json === undefined ? "" : json }));
    }, function __as_fail(e) {
      hostSync("done", JSONstringify({ ok: false, error: __as_describeError(e) }));
    });
  }
  function __as_describeError(e) {
    if (e instanceof Error || (e !== null && typeof e === "object" && typeof e.message === "string")) {
      let stack = "";
      try { stack = typeof e.stack === "string" ? e.stack : ""; } catch (_) {}
      return { name: String(e.name || "Error"), message: String(e.message), stack: stack,
        code: typeof e.code === "string" ? e.code : undefined,
        callId: typeof e.callId === "string" ? e.callId : undefined };
    }
    let text;
    try { text = typeof e === "string" ? e : __as_toJSON(e); } catch (_) { text = String(e); }
    return { name: "Uncaught", message: "non-Error value thrown: " + (text === undefined ? String(e) : text), stack: "" };
  }

  function define(name, value) {
    Object.defineProperty(global, name, { value, writable: false, enumerable: false, configurable: false });
  }
  define("tools", __as_guard(Object.freeze(tools), ""));
  Object.defineProperty(global, "ALL_TOOLS", { get: __as_allTools, enumerable: false, configurable: false });
  define("ARGS", Object.freeze(__as_sync("args")));
  define("console", console);
  define("text", __as_text);
  define("image", __as_image);
  define("exit", __as_exit);
  define("store", __as_store);
  define("load", __as_load);
  define("searchTools", __as_searchTools);
  define("describeTool", __as_describeTool);
  define("describeNamespace", __as_describeNamespace);
  define("__as_settle", __as_settle);
  define("__as_main", __as_main);
})(globalThis);
