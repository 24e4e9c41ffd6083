// A small stand-in for WPT's testharness.js, enough to run the vendored
// .any.js files in a bare VM: tests run at once (promise tests when the
// job queue drains), and __wpt_done() hands the results to Go as JSON.
(function (global) {
  "use strict";
  const results = [];
  const pending = [];
  function AssertionError(message) { this.message = message; }
  function fail(msg, desc) { throw new AssertionError((desc ? desc + ": " : "") + msg); }
  function same(a, b) {
    if (typeof a === "number" && typeof b === "number") {
      if (a !== a && b !== b) return true;
      if (a === 0 && b === 0) return 1 / a === 1 / b;
    }
    return a === b;
  }
  function fmt(v) {
    if (typeof v === "string") {
      return '"' + v.replace(/[\u0000-\u001f\u007f-\u009f\\"\ud800-\udfff]/g, function (c) {
        return "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
      }) + '"';
    }
    if (typeof v === "number" && v === 0 && 1 / v < 0) return "-0";
    if (v !== null && typeof v === "object") {
      try { return String(v); } catch (e) { return "[object]"; }
    }
    return String(v);
  }
  function record(name, status, message) { results.push({ name: String(name), status, message: message || "" }); }
  function messageOf(e) {
    if (e instanceof AssertionError) return e.message;
    try { return (e && e.name ? e.name + ": " : "") + (e && e.message !== undefined ? e.message : String(e)); } catch (_) { return "thrown"; }
  }
  global.format_value = fmt;
  global.test = function (fn, name) {
    try { fn(); record(name, "PASS"); } catch (e) { record(name, "FAIL", messageOf(e)); }
  };
  // A test that throws OptionalFeatureUnsupportedError tests what this
  // environment does not have (MessagePort, streams): it is OPTIONAL, not
  // a failure, as in WPT.
  function OptionalFeatureUnsupportedError(message) { this.message = message; }
  global.OptionalFeatureUnsupportedError = OptionalFeatureUnsupportedError;
  function settled(name, e) {
    if (e instanceof OptionalFeatureUnsupportedError) record(name, "OPTIONAL", e.message);
    else record(name, "FAIL", messageOf(e));
  }
  global.promise_test = function (fn, name) {
    let p;
    const t = { name };
    try { p = Promise.resolve(fn(t)); } catch (e) { settled(name, e); return; }
    pending.push(p.then(function () { record(name, "PASS"); }, function (e) { settled(name, e); }));
  };
  global.promise_rejects_exactly = function (t, expected, promise, desc) {
    return promise.then(function () { fail("did not reject", desc); }, function (e) {
      if (e !== expected) fail("rejected with " + messageOf(e) + ", not the expected value", desc);
    });
  };
  global.promise_rejects_dom = function (t, name, promise, desc) {
    return promise.then(function () { fail("did not reject", desc); }, function (e) {
      if (!(e instanceof DOMException) || e.name !== name) fail("rejected with " + messageOf(e) + ", expected DOMException " + name, desc);
    });
  };
  global.promise_rejects_js = function (t, ctor, promise, desc) {
    return promise.then(function () { fail("did not reject", desc); }, function (e) {
      if (!(e instanceof ctor)) fail("rejected with " + messageOf(e) + ", expected a " + ctor.name, desc);
    });
  };
  global.generate_tests = function (fn, cases) {
    cases.forEach(function (c) { global.test(function () { fn.apply(null, c.slice(1)); }, c[0]); });
  };
  global.assert_equals = function (a, b, desc) { if (!same(a, b)) fail("expected " + fmt(b) + " but got " + fmt(a), desc); };
  global.assert_not_equals = function (a, b, desc) { if (same(a, b)) fail("got disallowed value " + fmt(a), desc); };
  global.assert_true = function (v, desc) { if (v !== true) fail("expected true got " + fmt(v), desc); };
  global.assert_false = function (v, desc) { if (v !== false) fail("expected false got " + fmt(v), desc); };
  global.assert_unreached = function (desc) { fail("reached unreachable code", desc); };
  global.assert_array_equals = function (a, b, desc) {
    if (a === undefined || a === null || a.length !== b.length) fail("lengths differ: " + (a && a.length) + " vs " + b.length, desc);
    for (let i = 0; i < b.length; i++) if (!same(a[i], b[i])) fail("item " + i + ": expected " + fmt(b[i]) + " got " + fmt(a[i]), desc);
  };
  function thrown(fn) {
    try { fn(); } catch (e) { return { e }; }
    return null;
  }
  global.assert_throws_js = function (ctor, fn, desc) {
    const t = thrown(fn);
    if (t === null) fail("did not throw", desc);
    if (!(t.e instanceof ctor)) fail("threw " + messageOf(t.e) + ", expected a " + ctor.name, desc);
  };
  global.assert_throws_dom = function (name, fn, desc) {
    const t = thrown(fn);
    if (t === null) fail("did not throw", desc);
    if (!(t.e instanceof DOMException) || t.e.name !== name) fail("threw " + messageOf(t.e) + ", expected DOMException " + name, desc);
  };
  // assert_throws (legacy): expected is an object whose name must match.
  global.assert_throws = function (expected, fn, desc) {
    const t = thrown(fn);
    if (t === null) fail("did not throw", desc);
    if (t.e === null || typeof t.e !== "object" || t.e.name !== expected.name) fail("threw " + messageOf(t.e) + ", expected " + expected.name, desc);
  };
  // fetch of a vendored JSON resource only; resources are set by the runner.
  global.fetch = function (url) {
    const name = String(url).split("/").pop();
    if (!(name in global.__wpt_resources)) return Promise.reject(new TypeError("no vendored resource " + url));
    const data = global.__wpt_resources[name];
    return Promise.resolve({ json: function () { return Promise.resolve(JSON.parse(data)); } });
  };
  global.fetch_json = function (url) { return global.fetch(url).then(function (r) { return r.json(); }); };
  // common/sab.js
  global.createBuffer = function (type, length, opts) {
    if (type === "SharedArrayBuffer") {
      if (typeof SharedArrayBuffer !== "function") throw new TypeError("this engine has no SharedArrayBuffer");
      return new SharedArrayBuffer(length, opts);
    }
    return new ArrayBuffer(length, opts);
  };
  global.self = global;
  // Stand-ins for interfaces the sandbox has not by design (Blob, File,
  // Response: no file or network API outside the tools), so that files
  // which build them as they load still load; the tests that use them are
  // listed as deviations.
  for (const name of ["Blob", "File", "Response"]) {
    if (typeof global[name] === "undefined") global[name] = class { constructor() {} };
  }
  global.__wpt_done = function () {
    return Promise.all(pending).then(function () { return JSON.stringify(results); });
  };
})(globalThis);
