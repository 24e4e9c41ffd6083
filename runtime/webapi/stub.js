// Defines the web globals as accessors that build them all on first use
// (webapi.js, evaluated by the host's "load"), so that a VM whose script
// uses none of them does not pay for them.
(function __as_webstub(global, names) {
  "use strict";
  const host = global.__as_web, kind = global.__as_kind, detach = global.__as_detach;
  // Captured before the script runs; descriptors have no prototype, so
  // nothing the script puts on Object.prototype is read through them.
  const defineProperty = Object.defineProperty, getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  const setPrototypeOf = Object.setPrototypeOf;
  delete global.__as_web;
  delete global.__as_kind;
  delete global.__as_detach;
  let loaded = false;
  function __as_webload() {
    if (loaded) return;
    loaded = true;
    const r = host("load");
    if (r.charCodeAt(0) !== 61) throw new Error("web globals unavailable: " + r.slice(1));
    const init = global.__as_webapi_init;
    delete global.__as_webapi_init;
    init(global, host, kind, detach);
  }
  for (const name of names) {
    defineProperty(global, name, {
      __proto__: null,
      configurable: true,
      enumerable: false,
      get: function __as_webget() {
        __as_webload();
        const d = getOwnPropertyDescriptor(global, name);
        return d !== undefined && "value" in setPrototypeOf(d, null) ? d.value : undefined;
      },
      set: function __as_webset(v) {
        __as_webload();
        defineProperty(global, name, { __proto__: null, value: v, writable: true, configurable: true, enumerable: false });
      },
    });
  }
})(globalThis, NAMES);
