package webapi_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/runtime/goja"
	"github.com/atomic-script/atomic-script/runtime/quickjs"
)

// engines are the engines that install the web globals; every test runs
// on each.
var engines = []struct {
	name string
	new  runtime.New
}{{"quickjs", quickjs.New}, {"goja", goja.New}}

// wptFiles are the vendored Web Platform Tests files run as they are,
// relative to testdata/wpt, and the resources they fetch.
var wptFiles = []string{
	"encoding/api-basics.any.js",
	"encoding/api-surrogates-utf8.any.js",
	"encoding/textdecoder-eof.any.js",
	"encoding/textdecoder-fatal.any.js",
	"encoding/textdecoder-ignorebom.any.js",
	"encoding/textdecoder-streaming.any.js",
	"encoding/textdecoder-utf16-surrogates.any.js",
	"base64/base64.any.js",
	"url/urlencoded-parser.any.js",
	"url/urlsearchparams-constructor.any.js",
	"url/urlsearchparams-stringifier.any.js",
	"../url-driver.js", // urltestdata.json and setters_tests.json
}

var wptResources = []string{"base64/base64.json", "url/urltestdata.json", "url/setters_tests.json"}

// deviations are the WPT cases these globals fail on purpose, each with
// why: "file|test name" for every engine, or "engine:file|test name"; a
// key ending in "*" matches the names it starts. A listed case that passes
// fails the test, so the list stays true.
var deviations = map[string]string{
	"url/urlencoded-parser.any.js|request.formData()*":                "no fetch: Request is absent by design",
	"url/urlencoded-parser.any.js|response.formData()*":               "no fetch: Response is absent by design",
	"goja:encoding/textdecoder-streaming.any.js|*(SharedArrayBuffer)": "goja has no SharedArrayBuffer",

	// IDNA: the URL library's UTS #46 processing (golang.org/x/net/idna)
	// rejects a few hosts the current standard accepts: an empty or
	// undecodable punycode label (xn--).
	"../url-driver.js|*--pokxncvks> without base":                         idnaReason,
	"../url-driver.js|*<https://xn--/> without base":                      idnaReason,
	"../url-driver.js|*<file://xn--/p> without base":                      idnaReason,
	"../url-driver.js|URL: Setting <https://example.com/>.host* = 'xn--'": idnaReason,
}

const idnaReason = "x/net/idna rejects this punycode label; the standard (UTS #46 revision 33) accepts it"

// matchWild reports whether s matches pattern, where each * stands for
// any run of characters.
func matchWild(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for i, p := range parts[1:] {
		if i == len(parts)-2 {
			return strings.HasSuffix(s, p)
		}
		j := strings.Index(s, p)
		if j < 0 {
			return false
		}
		s = s[j+len(p):]
	}
	return s == ""
}

// deviation returns why key (engine eng) is expected to fail, if it is.
func deviation(eng, key string) (string, bool) {
	for _, k := range []string{key, eng + ":" + key} {
		if r, ok := deviations[k]; ok {
			return r, true
		}
	}
	for k, r := range deviations {
		if e, rest, ok := strings.Cut(k, ":"); ok && !strings.Contains(e, "|") {
			if e != eng {
				continue
			}
			k = rest
		}
		if strings.Contains(k, "*") && matchWild(k, key) {
			return r, true
		}
	}
	return "", false
}

type wptResult struct {
	Name    string `json:"name"`
	Status  string `json:"status"`
	Message string `json:"message"`
}

// TestWPT runs the vendored Web Platform Tests on every engine.
func TestWPT(t *testing.T) {
	harness := readFile(t, "testdata/harness.js")
	res := map[string]string{}
	for _, r := range wptResources {
		res[filepath.Base(r)] = readFile(t, filepath.Join("testdata/wpt", r))
	}
	resJSON, _ := json.Marshal(res)
	for _, eng := range engines {
		t.Run(eng.name, func(t *testing.T) {
			for _, file := range wptFiles {
				results := runWPT(t, eng.new, harness, string(resJSON), readFile(t, filepath.Join("testdata/wpt", file)))
				if len(results) == 0 {
					t.Errorf("%s: no test ran", file)
				}
				passed := 0
				for _, r := range results {
					reason, deviates := deviation(eng.name, file+"|"+r.Name)
					switch {
					case r.Status == "PASS" && deviates:
						t.Errorf("%s: %q passes now; remove it from deviations (%s)", file, r.Name, reason)
					case r.Status != "PASS" && !deviates:
						t.Errorf("%s: %q: %s", file, r.Name, r.Message)
					case r.Status == "PASS":
						passed++
					}
				}
				t.Logf("%s: %d of %d pass", file, passed, len(results))
			}
		})
	}
}

func runWPT(t *testing.T, newVM runtime.New, harness, resources, src string) []wptResult {
	t.Helper()
	vm, err := newVM(runtime.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer vm.Close()
	for _, s := range []string{harness, "globalThis.__wpt_resources = " + resources, src,
		`__wpt_done().then(r => { globalThis.__wpt_out = r }, e => { globalThis.__wpt_out = String(e) }); function __wpt_get() { return globalThis.__wpt_out }`} {
		if err := vm.Eval(s); err != nil {
			t.Fatalf("eval: %v", err)
		}
	}
	if err := vm.RunJobs(); err != nil {
		t.Fatal(err)
	}
	out, err := vm.Call("__wpt_get")
	if err != nil {
		t.Fatal(err)
	}
	var results []wptResult
	if err := json.Unmarshal([]byte(out), &results); err != nil {
		t.Fatalf("results %q: %v", out, err)
	}
	return results
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(string(b), "\uFEFF")
}
