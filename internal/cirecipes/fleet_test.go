package cirecipes

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rhysd/actionlint"
)

// The secrets every fleet run has in its environment, and a token that a
// repository's own files hold: none may appear in any result, report or
// log a recipe leaves.
const (
	fleetToken    = "ghp_FleetToken0123456789abcdefghijABCDEFGH"
	fleetPassword = "correct-horse-battery-fleet"
)

var fleetSecrets = []string{"GITHUB_TOKEN=" + fleetToken, "DEPLOY_PASSWORD=" + fleetPassword}

// A fleetRepo is one repository of a fleet: its files, what its run must
// end as (ok, fail, or missing: listed but never run), and what must hold
// in it afterwards.
type fleetRepo struct {
	name  string
	files map[string]string
	want  string
	check func(t *testing.T, work string)
}

// A fleetCase is one shipped migration fanned out over repositories that
// reproduce what went wrong in the field.
type fleetCase struct {
	migration string
	args      []string
	repos     []fleetRepo
	// said are what the results must say between them (the case was
	// seen, and its secret masked where it was).
	said []string
	// listed: run --repos, which writes a failed result for a listed
	// repository that is not there.
	listed bool
}

func (c fleetCase) script() string { return filepath.Join(migrations, c.migration, "migrate.js") }

func (c fleetCase) list() []string {
	var names []string
	for _, r := range c.repos {
		names = append(names, r.name)
	}
	return names
}

// fileHas checks a file of the repository.
func fileHas(path, want string, has bool) func(t *testing.T, work string) {
	return func(t *testing.T, work string) {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(work, path))
		if err != nil || strings.Contains(string(data), want) != has {
			t.Errorf("%s: %s: holds %q is %v, want %v (%v):\n%s", filepath.Base(work), path, want, !has, has, err, data)
		}
	}
}

// fleetCases: license-header over a repository with served test fixtures
// (express), go-rename over a module whose checkout already fails go vet
// (prometheus) with a token in its code, npm-bump over a downgrade, a
// secret in a dependency spec and two repositories whose names `tr / _`
// confuses — each with a repository listed but never run.
func fleetCases() map[string]fleetCase {
	goMod := "module example.com/m\n\ngo 1.21\n"
	return map[string]fleetCase{
		"license-header": {migration: "license-header", args: []string{"SPDX-License-Identifier: MIT"}, repos: []fleetRepo{
			{name: "acme/express", want: "ok", files: map[string]string{
				"lib/app.js": "module.exports = 1;\n", "test/fixtures/page.html": "<p>served as is</p>\n", "test/app.test.js": "require('../lib/app');\n",
			}, check: func(t *testing.T, work string) {
				fileHas("lib/app.js", "SPDX", true)(t, work)
				fileHas("test/fixtures/page.html", "SPDX", false)(t, work)
			}},
			{name: "acme/gone", want: "missing"},
		}, said: []string{`"fixtures": 1`}},
		"go-rename": {migration: "go-rename", args: []string{"./store", "Get", "Fetch"}, repos: []fleetRepo{
			{name: "acme/prometheus", want: "ok", files: map[string]string{
				"go.mod":          goMod,
				"store/store.go":  "package store\n\n// Get returns k.\nfunc Get(k string) string { return k }\n",
				"report/r.go":     "package report\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/m/store\"\n)\n\nfunc R() { fmt.Printf(\"%d\\n\", store.Get(\"a\")) }\n",
				"secret/s.go":     "package secret\n\nimport \"fmt\"\n\n// S leaks into go vet's messages.\nfunc S() { fmt.Printf(\"%d %d\\n\", \"" + fleetToken + "\", \"" + fleetPassword + "\") }\n",
				"store/x_test.go": "package store\n",
			}, check: fileHas("report/r.go", "store.Fetch(\"a\")", true)},
			{name: "acme/gone", want: "missing"},
		}, said: []string{"go build/vet already failed before the rename", `has arg \"***\" of wrong type`}},
		"npm-bump": {migration: "npm-bump", args: []string{"lodash", "4.17.21"}, repos: []fleetRepo{
			{name: "acme/data_pipeline", want: "ok", files: map[string]string{
				"package.json":       `{"dependencies": {"lodash": "^4.17.0"}}` + "\n",
				"tools/package.json": `{"dependencies": {"lodash": "git+https://x:` + fleetToken + `@github.com/lodash/lodash.git"}}` + "\n",
			}, check: fileHas("package.json", `"lodash": "^4.17.21"`, true)},
			{name: "acme_data/pipeline", want: "ok", files: map[string]string{
				"package.json": `{"devDependencies": {"lodash": "~4.0.0"}, "peerDependencies": {"lodash": "^4.0.0"}}` + "\n",
			}, check: func(t *testing.T, work string) {
				fileHas("package.json", `"lodash": "~4.17.21"`, true)(t, work)
				fileHas("package.json", `"peerDependencies": {"lodash": "^4.0.0"}`, true)(t, work)
			}},
			{name: "acme/newer", want: "fail", files: map[string]string{
				"package.json": `{"dependencies": {"lodash": "^5.0.0"}}` + "\n",
			}, check: fileHas("package.json", `"lodash": "^5.0.0"`, true)},
			{name: "acme/gone", want: "missing"},
		}, said: []string{"that is a downgrade, not a bump", `"spec": "git+https://x:***@github.com/lodash/lodash.git"`}},
	}
}

// fleetOutcome reads the aggregate's JSON of results against the case's
// list and checks each repository's outcome and post-condition, and that
// no secret reached any file in dirs.
func (c fleetCase) verify(t *testing.T, results string, works map[string]string, dirs ...string) {
	t.Helper()
	list := filepath.Join(t.TempDir(), "expect.json")
	data, _ := json.Marshal(c.list())
	if err := os.WriteFile(list, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run(t, t.TempDir(), nil, "atomic-script", "aggregate", "--json", "--expect", list, results)
	if err == nil {
		t.Errorf("aggregate passed, but a repository is missing:\n%s", out)
	}
	var agg struct {
		Runs []struct {
			File    string `json:"file"`
			OK      bool   `json:"ok"`
			Missing bool   `json:"missing"`
			NotRun  bool   `json:"notRun"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out[strings.Index(out, "{"):]), &agg); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := map[string]string{} // by result name
	for _, r := range agg.Runs {
		name := strings.TrimSuffix(filepath.Base(r.File), ".json")
		switch {
		case r.Missing:
			got[name] = "missing"
		case r.OK:
			got[name] = "ok"
		default:
			got[name] = "fail"
		}
	}
	var all strings.Builder
	entries, _ := os.ReadDir(results)
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(results, e.Name()))
		all.Write(data)
	}
	for _, s := range c.said {
		if !strings.Contains(all.String(), s) {
			t.Errorf("no result says %q", s)
		}
	}
	for _, r := range c.repos {
		want := r.want
		if want == "missing" && c.listed {
			want = "fail" // run --repos writes the result itself: "cannot be used"
		}
		if key := resultName(t, r.name); got[key] != want {
			t.Errorf("%s: %q, want %q\n%s", r.name, got[key], want, out)
		}
		if r.check != nil && works[r.name] != "" {
			r.check(t, works[r.name])
		}
	}
	noSecrets(t, dirs...)
}

// noSecrets fails when a file under dirs holds a secret of the fleet.
func noSecrets(t *testing.T, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		filepath.WalkDir(d, func(p string, e os.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return nil
			}
			data, _ := os.ReadFile(p)
			for _, s := range []string{fleetToken, fleetPassword} {
				if strings.Contains(string(data), s) {
					t.Errorf("%s holds a secret (%s…)", p, s[:8])
				}
			}
			return nil
		})
	}
}

// makeRepos makes each repository that is not missing under dir/NAME
// (owner/name) as a git repository with a bare clone, and returns the
// work trees by name.
func (c fleetCase) makeRepos(t *testing.T, dir string) (works, bares map[string]string) {
	works, bares = map[string]string{}, map[string]string{}
	for _, r := range c.repos {
		if r.want == "missing" {
			continue
		}
		parent := filepath.Join(dir, filepath.Dir(r.name))
		if err := os.MkdirAll(parent, 0o755); err != nil {
			t.Fatal(err)
		}
		works[r.name], bares[r.name] = gitRepo(t, parent, filepath.Base(r.name), r.files)
	}
	return works, bares
}

// goEnv lets the go-rename fleet build with the host's module and build
// caches.
func goEnv(t *testing.T) []string {
	cache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	return []string{"GOCACHE=" + strings.TrimSpace(string(cache)), "GOFLAGS=-buildvcs=false"}
}

// fleetPaths are the ways a fleet is fanned out: run --repos and each
// recipe's own shell steps.
var fleetPaths = []struct {
	name string
	run  func(t *testing.T, c fleetCase, env []string)
}{
	{"repos", fleetRepos},
	{"github", fleetGitHub},
	{"kubernetes", fleetKubernetes},
	{"gitlab", fleetGitLab},
	{"multi-gitter", fleetMultiGitter},
}

// fleetDefault is the case each path runs in `go test` (CI): every case
// through run --repos, and each recipe with the case that failed on its
// platform — a clone that fails before the run on Kubernetes, the names
// `tr / _` made collide on GitLab and multi-gitter, the JUnit and summary
// of GitHub. ATOMIC_FLEET=full (`make fleet`) runs every case through
// every path.
var fleetDefault = map[string]string{
	"github": "license-header", "kubernetes": "go-rename", "gitlab": "npm-bump", "multi-gitter": "npm-bump",
}

// TestFleetCases fans each shipped migration out over repositories that
// reproduce what failed in the field — served test fixtures, a module that
// already fails go vet, a downgrade, two names `tr / _` confuses, a
// repository listed but never run, a token in the environment and in the
// repositories' files — through `run --repos` and through each recipe's
// own shell steps, each ending in `aggregate --expect` over the list the
// fan-out used.
func TestFleetCases(t *testing.T) {
	full := os.Getenv("ATOMIC_FLEET") == "full"
	for name, c := range fleetCases() {
		t.Run(name, func(t *testing.T) {
			env := append(append([]string{}, fleetSecrets...), goEnv(t)...)
			for _, p := range fleetPaths {
				if full || p.name == "repos" || fleetDefault[p.name] == name {
					t.Run(p.name, func(t *testing.T) { p.run(t, c, env) })
				}
			}
		})
	}
}

// fleetRepos: `run --repos LIST --atomic`, the list naming owner/name
// directories; the fan-out's own aggregate expects the whole list.
func fleetRepos(t *testing.T, c fleetCase, env []string) {
	dir := t.TempDir()
	works, _ := c.makeRepos(t, filepath.Join(dir, "repos"))
	list := filepath.Join(dir, "repos", "list.txt")
	if err := os.WriteFile(list, []byte(strings.Join(c.list(), "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "results")
	out, err := run(t, dir, env, "atomic-script", append([]string{"run", "--repos", list, "--results", results, "--atomic", "--report", filepath.Join(dir, "fleet.xml"), c.script(), "--"}, c.args...)...)
	if err == nil {
		t.Errorf("the fleet passed with a repository missing:\n%s", out)
	}
	c.listed = true
	c.verify(t, results, works, results, dir+"/fleet.xml")
	if data, _ := os.ReadFile(filepath.Join(results, "acme%2Fgone.json")); !strings.Contains(string(data), "cannot be used: no such file or directory") {
		t.Errorf("the missing repository's result: %s", data)
	}
	noSecrets(t, filepath.Join(dir, "fleet.xml"))
	if strings.Contains(out, fleetToken) || strings.Contains(out, fleetPassword) {
		t.Errorf("the fleet's output holds a secret:\n%s", out)
	}
}

// fleetGitHub: the reusable workflow's run step in each repository's
// checkout, then its aggregate step with the workflow's repository list.
func fleetGitHub(t *testing.T, c fleetCase, env []string) {
	wf, errs := actionlint.Parse(readDoc(t, "github-actions/atomic-migrate.yml"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	step := func(job, name string) string {
		for _, s := range wf.Jobs[job].Steps {
			if r, ok := s.Exec.(*actionlint.ExecRun); ok && s.Name != nil && s.Name.Value == name {
				return r.Run.Value
			}
		}
		t.Fatalf("no step %q", name)
		return ""
	}
	dir := t.TempDir()
	works, _ := c.makeRepos(t, filepath.Join(dir, "checkouts"))
	temp, results := filepath.Join(dir, "runner-temp"), filepath.Join(dir, "results")
	os.MkdirAll(results, 0o755)
	for name, work := range works {
		stepEnv := append(append([]string{}, env...), "SCRIPT="+c.script(), "MODE=--atomic", "SCRIPT_ARGS="+strings.Join(c.args, " "),
			"REPOSITORY="+name, "RUNNER_TEMP="+temp, "GITHUB_OUTPUT="+filepath.Join(dir, "output"), "GITHUB_STEP_SUMMARY="+filepath.Join(dir, "summary.md"))
		run(t, work, stepEnv, "bash", "-e", "-c", step("migrate", "Run the migration"))
		// upload-artifact, then download-artifact with merge-multiple.
		n := resultName(t, name)
		if data, err := os.ReadFile(filepath.Join(temp, "atomic-result", n+".json")); err == nil {
			os.WriteFile(filepath.Join(results, n+".json"), data, 0o644)
		}
	}
	repos, _ := json.Marshal(c.list())
	out, err := run(t, dir, append(append([]string{}, env...), "REPOSITORIES="+string(repos), "RUNNER_TEMP="+temp, "GITHUB_STEP_SUMMARY="+filepath.Join(dir, "summary.md")), "bash", "-e", "-c", step("aggregate", "Aggregate"))
	if err == nil || !strings.Contains(out, "MISSING") {
		t.Errorf("the aggregate step should fail naming the missing repository: %v\n%s", err, out)
	}
	c.verify(t, results, works, temp, results, filepath.Join(dir, "summary.md"))
}

// fleetKubernetes: run.sh for each index of repos.txt (clone URLs; the
// missing repository's URL does not clone), then the aggregate Job.
func fleetKubernetes(t *testing.T, c fleetCase, env []string) {
	cms, _, jobs, err := decodeManifests(readDoc(t, "kubernetes/migration.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	_, _, aggJobs, err := decodeManifests(readDoc(t, "kubernetes/aggregate.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	_, bares := c.makeRepos(t, filepath.Join(dir, "src"))
	config, results, work := filepath.Join(dir, "config"), filepath.Join(dir, "results"), filepath.Join(dir, "work")
	for _, d := range []string{config, results, work} {
		os.MkdirAll(d, 0o755)
	}
	var urls []string
	for _, r := range c.repos {
		url := "file://" + filepath.Join(dir, "src", r.name) + ".git" // the missing one does not clone
		if b, ok := bares[r.name]; ok {
			url = "file://" + b
		}
		urls = append(urls, url)
	}
	script, _ := os.ReadFile(c.script())
	os.WriteFile(filepath.Join(config, "repos.txt"), []byte(strings.Join(urls, "\n")+"\n"), 0o644)
	os.WriteFile(filepath.Join(config, "migrate.js"), script, 0o644)
	os.WriteFile(filepath.Join(config, "run.sh"), []byte(cms[0].Data["run.sh"]), 0o644)
	vars := append([]string{}, env...)
	for _, e := range jobs[0].Spec.Template.Spec.Containers[0].Env {
		vars = append(vars, e.Name+"="+e.Value)
	}
	vars = append(vars, "CONFIG_DIR="+config, "RESULTS_DIR="+results, "WORK_DIR="+work, "SCRIPT_ARGS="+strings.Join(c.args, " "))
	for i := range urls {
		run(t, dir, append(vars, "JOB_COMPLETION_INDEX="+string(rune('0'+i))), "sh", filepath.Join(config, "run.sh"))
	}
	out, err := run(t, dir, append(append([]string{}, env...), "CONFIG_DIR="+config, "RESULTS_DIR="+results), "sh", "-c", aggJobs[0].Spec.Template.Spec.Containers[0].Command[2])
	if err == nil || !strings.Contains(out, "MISSING") {
		t.Errorf("the aggregate Job should fail naming the repository whose clone failed: %v\n%s", err, out)
	}
	// Outcomes by clone URL: verify's list is the URLs here.
	byURL := c
	byURL.repos = nil
	works := map[string]string{}
	for i, r := range c.repos {
		r.name = urls[i]
		byURL.repos = append(byURL.repos, r)
		if r.want != "missing" {
			works[urls[i]] = filepath.Join(work, resultName(t, urls[i]))
		}
	}
	byURL.verify(t, results, works, results)
}

// fleetGitLab: the migrate job's script for each matrix entry but the
// missing one (its job never ran), then the aggregate job with repos.txt.
func fleetGitLab(t *testing.T, c fleetCase, env []string) {
	var top struct {
		Variables map[string]string `json:"variables"`
		Template  gitlabJob         `json:".atomic-script"`
		Migrate   gitlabJob         `json:"migrate"`
		Aggregate gitlabJob         `json:"aggregate"`
		Stages    []string          `json:"stages"`
	}
	if err := strict(readDoc(t, "gitlab/.gitlab-ci.yml"), &top); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	project, src := filepath.Join(dir, "project"), filepath.Join(dir, "src")
	os.MkdirAll(filepath.Join(project, "migrations"), 0o755)
	os.Symlink(filepath.Join(migrations, c.migration), filepath.Join(project, "migrations", c.migration))
	os.WriteFile(filepath.Join(project, "repos.txt"), []byte(strings.Join(c.list(), "\n")+"\n"), 0o644)
	c.makeRepos(t, src)
	vars := append([]string{}, env...)
	for k, v := range top.Variables {
		vars = append(vars, k+"="+v)
	}
	vars = append(vars, "CI_PROJECT_DIR="+project, "CLONE_URL=file://"+src, "SCRIPT=migrations/"+c.migration+"/migrate.js", "SCRIPT_ARGS="+strings.Join(c.args, " "), "MODE=--atomic")
	script := func(job gitlabJob) string {
		return strings.Join(append(append([]string{"set -e"}, top.Template.BeforeScript...), job.Script...), "\n")
	}
	works := map[string]string{}
	for _, r := range c.repos {
		if r.want == "missing" {
			continue
		}
		run(t, project, append(vars, "REPO="+r.name), "sh", "-c", script(top.Migrate))
		works[r.name] = filepath.Join(project, "target", resultName(t, r.name))
	}
	out, err := run(t, project, vars, "sh", "-c", script(top.Aggregate))
	if err == nil || !strings.Contains(out, "MISSING") {
		t.Errorf("the aggregate job should fail naming the repository whose job never ran: %v\n%s", err, out)
	}
	c.verify(t, filepath.Join(project, "results"), works, filepath.Join(project, "results"))
}

// fleetMultiGitter: migrate.sh in each clone multi-gitter made (the
// missing one it skipped), then aggregate --expect repos.txt.
func fleetMultiGitter(t *testing.T, c fleetCase, env []string) {
	sh, _ := filepath.Abs(filepath.Join(docs, "multi-gitter", "migrate.sh"))
	dir := t.TempDir()
	works, _ := c.makeRepos(t, filepath.Join(dir, "clones"))
	results := filepath.Join(dir, "results")
	for name, work := range works {
		run(t, work, append(append([]string{}, env...), "ATOMIC_SCRIPT="+c.script(), "RESULTS_DIR="+results, "REPOSITORY="+name), sh, c.args...)
	}
	list := filepath.Join(dir, "repos.txt")
	os.WriteFile(list, []byte(strings.Join(c.list(), "\n")+"\n"), 0o644)
	out, err := run(t, dir, env, "atomic-script", "aggregate", "--expect", list, results)
	if err == nil || !strings.Contains(out, "MISSING") {
		t.Errorf("aggregate should fail naming the skipped repository: %v\n%s", err, out)
	}
	c.verify(t, results, works, results)
}

// TestFleetInterrupted: a --repos fleet interrupted (SIGINT) while its
// second repository runs: the first passed, the second is rolled back and
// said to be interrupted (exit 5, not mislabelled), the rest get `not run`
// results, the fleet exits 5; --resume (same script and arguments) skips
// the one that passed and finishes the others. No secret in any of it.
func TestFleetInterrupted(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a", "b", "c", "d"} {
		gitRepo(t, filepath.Join(dir, "repos"), n, map[string]string{"VERSION": "v1\n"})
		os.RemoveAll(filepath.Join(dir, "repos", n+".git"))
	}
	marker := filepath.Join(dir, "slow")
	os.WriteFile(marker, nil, 0o644)
	script := filepath.Join(dir, "migrate.js")
	os.WriteFile(script, []byte(`await tools.read({path: "VERSION"}); await tools.write({path: "VERSION", content: "v2\n"});
await tools.bash({command: "if [ \"$(basename \"$PWD\")\" = b ] && [ -e " + ARGS[0] + " ]; then sleep 60; fi"});
return "token " + (await tools.bash({command: "echo $GITHUB_TOKEN"})).output.trim();`), 0o644)
	results := filepath.Join(dir, "results")
	args := []string{"run", "--repos", filepath.Join(dir, "repos"), "-j", "1", "--results", results, "--atomic", script, "--", marker}
	cmd := exec.Command(filepath.Join(binDir, "atomic-script"), args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"), "CI=true"), fleetSecrets...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Interrupt once the second repository has started (its file changed).
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if data, _ := os.ReadFile(filepath.Join(dir, "repos", "b", "VERSION")); string(data) == "v2\n" {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the second repository never started:\n%s", stderr.String())
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 5 {
		t.Fatalf("exit %v, want 5:\n%s\n%s", err, stdout.String(), stderr.String())
	}
	out := stdout.String() + stderr.String()
	for _, want := range []string{"^a +ok", "^b +FAIL \\(5\\) rolled back", "^c +NOT RUN", "^d +NOT RUN",
		"4 runs: 1 ok, 1 failed \\(1 rolled back\\), 2 NOT RUN \\(interrupted\\)", "interrupted: 2 of 4 repositories were not started"} {
		if !regexp.MustCompile("(?m)" + want).MatchString(out) {
			t.Errorf("the interrupted fleet lacks %q:\n%s", want, out)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "repos", "b", "VERSION")); string(data) != "v1\n" {
		t.Errorf("the interrupted --atomic run was not rolled back: %q", data)
	}
	for _, n := range []string{"c", "d"} {
		data, _ := os.ReadFile(filepath.Join(results, n+".json"))
		if !strings.Contains(string(data), `"notRun": true`) || strings.Contains(string(data), "could not run") {
			t.Errorf("%s: %s", n, data)
		}
	}
	// Resume: a is kept, b, c and d run (no longer slow).
	os.Remove(marker)
	res, err := run(t, dir, fleetSecrets, "atomic-script", append(args[:len(args)-2], "--resume", "--", marker)...)
	if err != nil || !strings.Contains(res, "4 runs: 4 ok, 0 failed") || !strings.Contains(res, "a passed earlier with this script and arguments: skipped (--resume)") || strings.Contains(res, "] a ok") {
		t.Errorf("resume: %v\n%s", err, res)
	}
	if strings.Contains(out+res, fleetToken) {
		t.Error("a secret reached the fleet's output")
	}
	noSecrets(t, results)
}

// TestFleetWalkthrough runs docs/ci.md's "One fleet run, end to end" as
// written, in a directory holding repos.txt, the repositories it lists and
// migrations/: the plan changes nothing and says "would change", the apply
// commits each repository's change on the branch it names, a second apply
// into the same results is refused and --resume skips what passed, the
// check finds nothing left to do, and the aggregate over the list sees
// every repository.
func TestFleetWalkthrough(t *testing.T) {
	doc, err := os.ReadFile("../../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := shellBlocks(t, string(doc), "## One fleet run, end to end")
	if len(blocks) != 4 || !strings.HasPrefix(blocks[0], "cat repos.txt") {
		t.Fatalf("want the list, plan, apply and check blocks, got %d:\n%q", len(blocks), blocks)
	}
	listed := strings.Fields(strings.SplitN(blocks[0], "\n", 2)[1])
	dir := t.TempDir()
	if err := os.Symlink(migrations, filepath.Join(dir, "migrations")); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "repos.txt"), []byte(strings.Join(listed, "\n")+"\n"), 0o644)
	var works []string
	for _, r := range listed {
		work, bare := gitRepo(t, filepath.Join(dir, filepath.Dir(r)), filepath.Base(r), npmRepo)
		os.RemoveAll(bare)
		works = append(works, work)
	}
	step := func(name, block string, wantErr bool, want ...string) string {
		t.Helper()
		checkShell(t, name, block)
		out, err := run(t, dir, fleetSecrets, "sh", "-e", "-c", block)
		if (err != nil) != wantErr {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: lacks %q:\n%s", name, w, out)
			}
		}
		return out
	}
	n := len(listed)
	step("plan", blocks[1], false, fmt.Sprintf("%d runs: %d ok, 0 failed; %d files would change (dry run)", n, n, 2*n))
	for _, w := range works {
		fileHas("package.json", `"^4.17.0"`, true)(t, w)
	}
	step("apply", blocks[2], false, fmt.Sprintf("%d runs: %d ok, 0 failed; %d files changed", n, n, 2*n))
	for _, w := range works {
		fileHas("package.json", `"^4.17.21"`, true)(t, w)
		out, _ := run(t, w, nil, "git", "log", "-1", "--format=%an %s%n", "--name-only", "atomic/bump-lodash")
		if !strings.Contains(out, "migration-bot chore: bump lodash to 4.17.21") || !strings.Contains(out, "web/package.json") {
			t.Errorf("%s: the commit on atomic/bump-lodash:\n%s", w, out)
		}
		if _, err := os.Stat(filepath.Join(dir, "applied", resultName(t, strings.TrimPrefix(w, dir+"/"))+".xml")); err != nil {
			t.Errorf("no report beside the result: %v", err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "fleet.xml")); err != nil {
		t.Errorf("no fleet report: %v", err)
	}
	// Step 3: the same command again is refused; with --resume it skips them all.
	step("apply again", blocks[2], true, "--resume")
	step("resume", strings.Replace(blocks[2], "--atomic", "--atomic --resume", 1), false, "passed earlier with this script and arguments: skipped (--resume)")
	step("check", blocks[3], false, fmt.Sprintf("%d runs: %d ok, 0 failed; 0 files would change (dry run)", n, n))
	out := step("aggregate", "atomic-script aggregate --expect repos.txt applied", false, fmt.Sprintf("%d runs: %d ok, 0 failed", n, n))
	for _, r := range listed {
		if !strings.Contains(out, r) {
			t.Errorf("the aggregate does not name %s:\n%s", r, out)
		}
	}
	noSecrets(t, filepath.Join(dir, "plan"), filepath.Join(dir, "applied"), filepath.Join(dir, "check"))
}
