// Runs the WPT URL data (urltestdata.json, setters_tests.json) the way
// url-constructor, url-origin, url-statics-canparse and url-setters do.
(function () {
  "use strict";
  const fields = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
  const cases = JSON.parse(__wpt_resources["urltestdata.json"]);
  for (const c of cases) {
    if (typeof c === "string") continue;
    const label = "Parsing: <" + c.input + "> " + (c.base === null ? "without base" : "against <" + c.base + ">");
    const base = c.base === null ? undefined : c.base;
    test(function () {
      if (c.failure) {
        assert_throws_js(TypeError, function () { new URL(c.input, base); });
        return;
      }
      const u = new URL(c.input, base);
      for (const f of fields) assert_equals(u[f], c[f], f);
      if ("origin" in c) assert_equals(u.origin, c.origin, "origin");
      if ("searchParams" in c) assert_equals(u.searchParams.toString(), c.searchParams, "searchParams");
    }, label);
    test(function () {
      assert_equals(URL.canParse(c.input, base), !c.failure);
      assert_equals(URL.parse(c.input, base) === null, !!c.failure);
    }, "URL.canParse/parse: " + label);
  }
  const setters = JSON.parse(__wpt_resources["setters_tests.json"]);
  for (const setter of Object.keys(setters)) {
    if (setter === "comment") continue;
    for (const c of setters[setter]) {
      test(function () {
        const u = new URL(c.href);
        u[setter] = c.new_value;
        for (const f of Object.keys(c.expected)) assert_equals(u[f], c.expected[f], f);
      }, "URL: Setting <" + c.href + ">." + setter + " = '" + c.new_value + "'" + (c.comment ? " " + c.comment : ""));
    }
  }
})();
