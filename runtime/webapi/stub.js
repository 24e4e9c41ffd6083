// Defines the web globals as accessors that build them all on first use
// (webapi.js, evaluated by the host's "load"), so that a VM whose script
// uses none of them does not pay for them.
(function __as_webstub(global, names) {
  "use strict";
  const host = global.__as_web;
  delete global.__as_web;
  let loaded = false;
  function __as_webload() {
    if (loaded) return;
    loaded = true;
    const r = host("load");
    if (r.charCodeAt(0) !== 61) throw new Error("web globals unavailable: " + r.slice(1));
    const init = global.__as_webapi_init;
    delete global.__as_webapi_init;
    init(global, host);
  }
  for (const name of names) {
    Object.defineProperty(global, name, {
      configurable: true,
      enumerable: false,
      get: function __as_webget() {
        __as_webload();
        const d = Object.getOwnPropertyDescriptor(global, name);
        return d !== undefined && "value" in d ? d.value : undefined;
      },
      set: function __as_webset(v) {
        __as_webload();
        Object.defineProperty(global, name, { value: v, writable: true, configurable: true, enumerable: false });
      },
    });
  }
})(globalThis, NAMES);
