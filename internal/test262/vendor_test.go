package test262

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var vendorFrom = flag.String("vendor", "", "a tc39/test262 git directory: replace testdata/test262 with a new sample of its HEAD")

const (
	// sampleSize is how many tests the sample holds, spread over the
	// folders of the suite in proportion to their size (at least one
	// each), each folder's taken in the order of their paths' SHA-256.
	sampleSize = 3000
	// maxTestBytes keeps the sample to small tests.
	maxTestBytes = 4096
)

// sampled reports whether a path of the suite is one the sample draws
// from: the language, the built-ins and Annex B, but not Temporal (a
// proposal the engines do not have), internationalisation or staging.
func sampled(p string) bool {
	if !strings.HasSuffix(p, ".js") || strings.Contains(p, "_FIXTURE") {
		return false
	}
	for _, pre := range []string{"test/language/", "test/built-ins/", "test/annexB/"} {
		if strings.HasPrefix(p, pre) {
			return !strings.HasPrefix(p, "test/built-ins/Temporal/")
		}
	}
	return false
}

// unwantedIncludes are harness files the sample does without: Temporal's
// and Intl's helpers, SpiderMonkey's shells.
func unwantedInclude(name string) bool {
	return name == "temporalHelpers.js" || strings.HasPrefix(name, "testIntl") || strings.HasPrefix(name, "sm/")
}

// stratum is the folder a test is drawn from: three levels under test/.
func stratum(p string) string {
	parts := strings.Split(strings.TrimPrefix(p, "test/"), "/")
	if len(parts) > 4 {
		parts = parts[:3]
	} else {
		parts = parts[:len(parts)-1]
	}
	return strings.Join(parts, "/")
}

// TestVendor replaces testdata/test262 with a new sample when -vendor
// names a tc39/test262 checkout (go test ./internal/test262 -run Vendor
// -args -vendor=DIR); otherwise it is skipped.
func TestVendor(t *testing.T) {
	if *vendorFrom == "" {
		t.Skip("-vendor not given")
	}
	git := func(args ...string) []byte {
		out, err := exec.Command("git", append([]string{"-C", *vendorFrom}, args...)...).Output()
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return out
	}
	commit := strings.TrimSpace(string(git("rev-parse", "HEAD")))
	date := strings.TrimSpace(string(git("log", "-1", "--format=%cs")))
	var candidates []string
	for _, line := range strings.Split(string(git("ls-tree", "-r", "-l", "HEAD", "test/")), "\n") {
		f := strings.Fields(line)
		if len(f) < 5 {
			continue
		}
		size, err := strconv.Atoi(f[3])
		if err == nil && size <= maxTestBytes && sampled(f[4]) {
			candidates = append(candidates, f[4])
		}
	}
	contents := catFiles(t, *vendorFrom, candidates)
	harness := map[string]bool{}
	for _, line := range strings.Split(string(git("ls-tree", "-r", "--name-only", "HEAD", "harness/")), "\n") {
		harness[strings.TrimPrefix(line, "harness/")] = true
	}
	byStratum := map[string][]string{}
	total := 0
	for _, p := range candidates {
		ok := true
		for _, inc := range parseMeta(contents[p]).includes {
			ok = ok && harness[inc] && !unwantedInclude(inc)
		}
		if ok {
			byStratum[stratum(p)] = append(byStratum[stratum(p)], p)
			total++
		}
	}
	var picked []string
	for _, s := range sortedKeys(byStratum) {
		ps := byStratum[s]
		sort.Slice(ps, func(i, j int) bool { return hash(ps[i]) < hash(ps[j]) })
		n := max(1, (len(ps)*sampleSize+total/2)/total)
		picked = append(picked, ps[:min(n, len(ps))]...)
	}
	sort.Strings(picked)
	dir := filepath.Join("testdata", "test262")
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	includes := map[string]bool{"assert.js": true, "sta.js": true, "doneprintHandle.js": true}
	for _, p := range picked {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(p)), contents[p])
		for _, inc := range parseMeta(contents[p]).includes {
			includes[inc] = true
		}
	}
	var incs []string
	for inc := range includes {
		incs = append(incs, "harness/"+inc)
	}
	sort.Strings(incs)
	for p, c := range catFiles(t, *vendorFrom, append(incs, "LICENSE")) {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(p)), c)
	}
	writeFile(t, filepath.Join(dir, "README.md"), fmt.Sprintf(readme, commit, date, len(picked), len(byStratum), total, maxTestBytes))
	t.Logf("vendored %d tests from %d folders (%d eligible) and %d harness files at %s", len(picked), len(byStratum), total, len(incs), commit)
}

const readme = `# test262 sample

A stratified sample of [tc39/test262](https://github.com/tc39/test262) (BSD
license, see LICENSE) at commit %s (%s): %d tests from %d folders of
test/language, test/built-ins (without Temporal) and test/annexB, each
folder's share in proportion to its size among the %d eligible tests (at
most %d bytes, using no Temporal, Intl or SpiderMonkey harness file), at
least one a folder, drawn in the order of the SHA-256 of their paths; with
the harness files they include. Files are unmodified.

Regenerate (then rerun with -update and review the expectations):

    go test ./internal/test262 -run Vendor -args -vendor=PATH/TO/test262
    ATOMIC_TEST262=1 go test ./internal/test262 -run Test262 -args -update

expectations.txt is the checked-in outcome of every test and mode that does
not pass on all three runners; host.js is this runner's $262 and print.
`

func hash(p string) string {
	h := sha256.Sum256([]byte(p))
	return string(h[:])
}

func sortedKeys(m map[string][]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func writeFile(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// catFiles reads paths at HEAD of the git directory with one git cat-file.
func catFiles(t *testing.T, dir string, paths []string) map[string]string {
	t.Helper()
	cmd := exec.Command("git", "-C", dir, "cat-file", "--batch")
	var in bytes.Buffer
	for _, p := range paths {
		in.WriteString("HEAD:" + p + "\n")
	}
	cmd.Stdin = &in
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(out)
	files := map[string]string{}
	for _, p := range paths {
		header, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("cat-file %s: %v", p, err)
		}
		f := strings.Fields(header)
		if len(f) != 3 {
			t.Fatalf("cat-file %s: %q", p, header)
		}
		n, _ := strconv.Atoi(f[2])
		buf := make([]byte, n+1)
		if _, err := io.ReadFull(r, buf); err != nil {
			t.Fatal(err)
		}
		files[path.Clean(p)] = string(buf[:n])
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	return files
}
