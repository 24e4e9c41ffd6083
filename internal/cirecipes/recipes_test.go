package cirecipes

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"

	"github.com/atomic-script/atomic-script/internal/cli"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// strict decodes YAML as the API server's strict field validation does:
// case-sensitive, an unknown field or a duplicate key is an error.
func strict(data []byte, v any) error {
	j, err := yaml.YAMLToJSONStrict(data)
	if err != nil {
		return err
	}
	errs, err := kjson.UnmarshalStrict(j, v)
	if err != nil {
		return err
	}
	return errors.Join(errs...)
}

const docs = "../../docs/ci"

var migrations, _ = filepath.Abs("../../scripts/migrations")

// binDir holds the atomic-script binary the recipes' commands run.
var binDir string

// TestMain makes the test binary the atomic-script command the recipes
// run (through a link named atomic-script), so they test this build.
func TestMain(m *testing.M) {
	// A run --repos starts its runs as os.Executable(), the test binary
	// itself under its own name: the variable, inherited, says to be the CLI.
	if filepath.Base(os.Args[0]) == "atomic-script" || os.Getenv("CIRECIPES_CLI") == "1" {
		os.Exit(cli.Main(os.Args[1:], cli.OSStdio()))
	}
	os.Setenv("CIRECIPES_CLI", "1")
	dir, err := os.MkdirTemp("", "cirecipes-bin-")
	if err != nil {
		panic(err)
	}
	self, err := os.Executable()
	if err != nil {
		panic(err)
	}
	if err := os.Symlink(self, filepath.Join(dir, "atomic-script")); err != nil {
		panic(err)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// shellcheck is the shellcheck command when installed (.ci/run installs
// it), else "" and the scripts are only syntax-checked.
func shellcheck(t *testing.T) string {
	p, err := exec.LookPath("shellcheck")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("shellcheck is not installed: .ci/run installs it")
		}
		t.Log("shellcheck not installed: shell scripts are checked with sh -n only")
		return ""
	}
	return p
}

// checkShell checks a script as shellcheck does (or sh -n without it).
func checkShell(t *testing.T, name, script string) {
	t.Helper()
	args := []string{"-n"}
	cmd := "sh"
	if sc := shellcheck(t); sc != "" {
		cmd, args = sc, []string{"--shell=sh", "-"}
	}
	c := exec.Command(cmd, args...)
	c.Stdin = strings.NewReader(script)
	if out, err := c.CombinedOutput(); err != nil {
		t.Errorf("%s: %s: %v\n%s\n--- script:\n%s", name, cmd, err, out, script)
	}
}

// lintWorkflows runs actionlint (with shellcheck when installed) on the
// workflow files as a repository's .github/workflows.
func lintWorkflows(t *testing.T, files map[string][]byte) []*actionlint.Error {
	t.Helper()
	root := t.TempDir()
	wf := filepath.Join(root, ".github", "workflows")
	if err := os.MkdirAll(wf, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for name, data := range files {
		p := filepath.Join(wf, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	var out bytes.Buffer
	l, err := actionlint.NewLinter(&out, &actionlint.LinterOptions{Shellcheck: shellcheck(t)})
	if err != nil {
		t.Fatal(err)
	}
	project, err := actionlint.NewProject(root)
	if err != nil {
		t.Fatal(err)
	}
	errs, err := l.LintFiles(paths, project)
	if err != nil {
		t.Fatal(err)
	}
	return errs
}

func readDoc(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(docs, path))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestGitHubWorkflowsLint: the reusable workflow and its caller pass
// actionlint (expressions, action inputs, the call's inputs and secrets
// against the reusable workflow, shellcheck of every run: script); a
// misspelt input in a copy of the caller is caught, so the check is live.
func TestGitHubWorkflowsLint(t *testing.T) {
	reusable := readDoc(t, "github-actions/atomic-migrate.yml")
	caller := readDoc(t, "github-actions/migrate-repos.yml")
	for _, e := range lintWorkflows(t, map[string][]byte{"atomic-migrate.yml": reusable, "migrate-repos.yml": caller}) {
		t.Errorf("actionlint: %s", e.Error())
	}
	typo := bytes.Replace(caller, []byte("      script: "), []byte("      scirpt: "), 1)
	errs := lintWorkflows(t, map[string][]byte{"atomic-migrate.yml": reusable, "migrate-repos.yml": typo})
	var all []string
	for _, e := range errs {
		all = append(all, e.Error())
	}
	if !strings.Contains(strings.Join(all, "\n"), `"scirpt"`) {
		t.Errorf("actionlint did not catch a misspelt input: %v", all)
	}
}

// gitRepo makes a git repository with files, committed, and a bare clone
// of it (for recipes that clone) under dir/NAME.git.
func gitRepo(t *testing.T, dir, name string, files map[string]string) (work, bare string) {
	t.Helper()
	work = filepath.Join(dir, name)
	for p, content := range files {
		full := filepath.Join(work, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bare = work + ".git"
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "init"}, {"clone", "-q", "--bare", ".", bare}} {
		run(t, work, nil, "git", args...)
	}
	return work, bare
}

var gitEnv = []string{"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_NOSYSTEM=1"}

// run runs a command in dir with the atomic-script binary first on PATH.
func run(t *testing.T, dir string, env []string, name string, args ...string) (string, error) {
	t.Helper()
	if name == "atomic-script" {
		name = filepath.Join(binDir, name)
	}
	c := exec.Command(name, args...)
	c.Dir = dir
	c.Env = append(append(os.Environ(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"), "CI=true"), append(gitEnv, env...)...)
	out, err := c.CombinedOutput()
	if err != nil && name == "git" {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out), err
}

// npmRepo is a repository the npm-bump migration changes (two files),
// brokenRepo one where it fails (an invalid package.json).
var (
	npmRepo    = map[string]string{"package.json": "{\n  \"dependencies\": {\"lodash\": \"^4.17.0\"}\n}\n", "web/package.json": "{\"devDependencies\": {\"lodash\": \"~4.0.0\"}}\n"}
	brokenRepo = map[string]string{"package.json": "{\"dependencies\": {\"lodash\": \"4.0.0\",}}\n"}
)

func aggregate(t *testing.T, results string) (string, int) {
	t.Helper()
	out, err := run(t, t.TempDir(), nil, "atomic-script", "aggregate", "--json", results)
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out, code
}

// resultName is the result file name atomic-script gives a repository.
func resultName(t *testing.T, repo string) string {
	t.Helper()
	out, err := run(t, t.TempDir(), nil, "atomic-script", "result-name", repo)
	if err != nil {
		t.Fatalf("result-name %s: %v\n%s", repo, err, out)
	}
	return strings.TrimSpace(out)
}

// TestGitHubWorkflowRunSteps runs the reusable workflow's own run: steps
// — taken from the parsed workflow, with the environment the runner
// gives them — in repositories made here: the matrix step in good and
// broken repositories (two whose names `tr / _` would confuse), then the
// aggregate step over their results with the workflow's list, which also
// names a repository whose job left no result (MISSING).
func TestGitHubWorkflowRunSteps(t *testing.T) {
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
		t.Fatalf("job %s has no run step %q", job, name)
		return ""
	}
	migrate, push, agg := step("migrate", "Run the migration"), step("migrate", "Push the branch and open a pull request"), step("aggregate", "Aggregate")
	dir := t.TempDir()
	// gh, as the runner has it: here one that records what it was asked
	// and answers with the pull request's address.
	fake := filepath.Join(dir, "fake-bin")
	ghLog := filepath.Join(dir, "gh.log")
	if err := os.MkdirAll(fake, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(fake, "gh"), []byte("#!/bin/sh\necho \"$@\" >> \"$GH_LOG\"\necho https://github.example/pull/7\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := "PATH=" + fake + string(os.PathListSeparator) + binDir + string(os.PathListSeparator) + os.Getenv("PATH")
	temp, results := filepath.Join(dir, "runner-temp"), filepath.Join(dir, "results")
	for _, d := range []string{temp, results} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		repo   string
		files  map[string]string
		fails  bool
		branch string
	}{{"acme/data_pipeline", npmRepo, false, "atomic/bump-lodash"}, {"acme_data/pipeline", npmRepo, false, ""}, {"acme/broken", brokenRepo, true, ""}} {
		work, bare := gitRepo(t, dir, strings.ReplaceAll(tc.repo, "/", "-"), tc.files)
		run(t, work, nil, "git", "remote", "add", "origin", bare)
		summary, output := filepath.Join(dir, "summary-"+filepath.Base(work)), filepath.Join(dir, "output")
		os.Remove(output)
		env := []string{
			"SCRIPT=" + filepath.Join(migrations, "npm-bump", "migrate.js"), "MODE=--atomic", "SCRIPT_ARGS=lodash 4.17.21",
			"REPOSITORY=" + tc.repo, "RUNNER_TEMP=" + temp, "GITHUB_OUTPUT=" + output, "GITHUB_STEP_SUMMARY=" + summary,
			"BRANCH=" + tc.branch, "COMMIT_MESSAGE=chore: bump lodash", "GH_LOG=" + ghLog, "TITLE=chore: bump lodash", "BODY=made by atomic-script", path,
		}
		out, err := run(t, work, env, "bash", "-e", "-c", migrate)
		if (err != nil) != tc.fails {
			t.Fatalf("%s: the step's error is %v, want failure %v:\n%s", tc.repo, err, tc.fails, out)
		}
		if tc.branch != "" {
			// The push step: the branch with the run's commit reaches the
			// repository, and the pull request's address is in the summary.
			if out, err := run(t, work, env, "bash", "-e", "-c", push); err != nil {
				t.Fatalf("%s: the push step: %v\n%s", tc.repo, err, out)
			}
			files, _ := run(t, bare, nil, "git", "show", "--name-only", "--format=%s", "refs/heads/"+tc.branch)
			if !strings.Contains(files, "chore: bump lodash\n\npackage.json\nweb/package.json") {
				t.Errorf("%s: the pushed branch's commit:\n%s", tc.repo, files)
			}
			if log, _ := os.ReadFile(ghLog); !strings.Contains(string(log), "pr create --repo "+tc.repo+" --head "+tc.branch+" --title chore: bump lodash") {
				t.Errorf("%s: gh was asked: %s", tc.repo, log)
			}
			if data, _ := os.ReadFile(summary); !strings.Contains(string(data), tc.repo+": pull request https://github.example/pull/7") {
				t.Errorf("%s: the summary does not say where the pull request is:\n%s", tc.repo, data)
			}
		}
		name := resultName(t, tc.repo)
		for _, ext := range []string{".json", ".xml"} {
			if _, err := os.Stat(filepath.Join(temp, "atomic-result", name+ext)); err != nil {
				t.Errorf("%s: no %s result: %v", tc.repo, ext, err)
			}
		}
		if xml, _ := os.ReadFile(filepath.Join(temp, "atomic-result", name+".xml")); !strings.Contains(string(xml), `<testcase name="`+tc.repo+`"`) {
			t.Errorf("%s: the JUnit case is not named after the repository:\n%s", tc.repo, xml)
		}
		if data, _ := os.ReadFile(output); !strings.Contains(string(data), "name="+name+"\n") {
			t.Errorf("%s: GITHUB_OUTPUT = %q", tc.repo, data)
		}
		if data, _ := os.ReadFile(summary); !strings.Contains(string(data), "### ") {
			t.Errorf("%s: no step summary: %q", tc.repo, data)
		}
		// upload-artifact then download-artifact with merge-multiple: one directory.
		data, err := os.ReadFile(filepath.Join(temp, "atomic-result", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(results, name+".json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if diff, _ := run(t, filepath.Join(dir, "acme_data-pipeline"), nil, "git", "diff", "--stat"); !strings.Contains(diff, "2 files changed") {
		t.Errorf("the migration did not change the repository:\n%s", diff)
	}
	summary := filepath.Join(dir, "aggregate-summary")
	repos := `["acme/data_pipeline", "acme_data/pipeline", "acme/broken", "acme/never-ran"]`
	out, err := run(t, dir, []string{"GITHUB_STEP_SUMMARY=" + summary, "REPOSITORIES=" + repos, "RUNNER_TEMP=" + temp}, "bash", "-e", "-c", agg)
	if err == nil || !strings.Contains(out, "4 runs: 2 ok, 1 failed, 1 MISSING (no result)") {
		t.Errorf("the aggregate step should fail with one failed and one missing run: %v\n%s", err, out)
	}
	data, _ := os.ReadFile(summary)
	for _, want := range []string{"| `acme/broken` | FAIL (1) |", "| `acme/never-ran` | MISSING |", "| `acme/data_pipeline` | ok | 2 |", "| `acme_data/pipeline` | ok | 2 |"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the aggregate summary lacks %q:\n%s", want, data)
		}
	}
}

// splitYAML splits a multi-document YAML file.
func splitYAML(data []byte) [][]byte {
	var docs [][]byte
	for _, d := range bytes.Split(data, []byte("\n---\n")) {
		if len(bytes.TrimSpace(d)) > 0 {
			docs = append(docs, d)
		}
	}
	return docs
}

// decodeManifests decodes each document strictly into its Kubernetes
// type: an unknown or misspelt field is an error.
func decodeManifests(data []byte) (cms []corev1.ConfigMap, pvcs []corev1.PersistentVolumeClaim, jobs []batchv1.Job, err error) {
	for _, d := range splitYAML(data) {
		var meta struct {
			Kind string `json:"kind"`
		}
		if err := yaml.Unmarshal(d, &meta); err != nil {
			return nil, nil, nil, err
		}
		switch meta.Kind {
		case "ConfigMap":
			var cm corev1.ConfigMap
			err = strict(d, &cm)
			cms = append(cms, cm)
		case "PersistentVolumeClaim":
			var pvc corev1.PersistentVolumeClaim
			err = strict(d, &pvc)
			pvcs = append(pvcs, pvc)
		case "Job":
			var job batchv1.Job
			err = strict(d, &job)
			jobs = append(jobs, job)
		default:
			err = &unknownKind{meta.Kind}
		}
		if err != nil {
			return nil, nil, nil, err
		}
	}
	return cms, pvcs, jobs, nil
}

type unknownKind struct{ kind string }

func (u *unknownKind) Error() string { return "unexpected kind " + u.kind }

// TestKubernetesManifests decodes the manifests strictly into k8s.io/api
// types, checks the Indexed Job's wiring (completions = repositories,
// volumes mounted exist, the ConfigMap and claim it names are defined),
// and that a misspelt field fails the decoding.
func TestKubernetesManifests(t *testing.T) {
	migration := readDoc(t, "kubernetes/migration.yaml")
	cms, pvcs, jobs, err := decodeManifests(migration)
	if err != nil {
		t.Fatalf("migration.yaml: %v", err)
	}
	if len(cms) != 1 || len(pvcs) != 1 || len(jobs) != 1 {
		t.Fatalf("want a ConfigMap, a claim and a Job; got %d, %d, %d", len(cms), len(pvcs), len(jobs))
	}
	job, cm := jobs[0], cms[0]
	if job.Spec.CompletionMode == nil || *job.Spec.CompletionMode != batchv1.IndexedCompletion {
		t.Errorf("completionMode = %v, want Indexed", job.Spec.CompletionMode)
	}
	repos := strings.Fields(cm.Data["repos.txt"])
	if job.Spec.Completions == nil || int(*job.Spec.Completions) != len(repos) {
		t.Errorf("completions = %v, want %d (the lines of repos.txt)", job.Spec.Completions, len(repos))
	}
	for _, key := range []string{"run.sh", "migrate.js"} {
		if cm.Data[key] == "" {
			t.Errorf("the ConfigMap has no %s", key)
		}
	}
	_, _, aggJobs, err := decodeManifests(readDoc(t, "kubernetes/aggregate.yaml"))
	if err != nil || len(aggJobs) != 1 {
		t.Fatalf("aggregate.yaml: %v (%d jobs)", err, len(aggJobs))
	}
	for _, j := range []batchv1.Job{job, aggJobs[0]} {
		pod := j.Spec.Template.Spec
		if pod.RestartPolicy != corev1.RestartPolicyNever {
			t.Errorf("%s: restartPolicy %q, want Never", j.Name, pod.RestartPolicy)
		}
		vols := map[string]corev1.Volume{}
		for _, v := range pod.Volumes {
			vols[v.Name] = v
			if v.ConfigMap != nil && v.ConfigMap.Name != cm.Name {
				t.Errorf("%s: volume %s names ConfigMap %s, defined is %s", j.Name, v.Name, v.ConfigMap.Name, cm.Name)
			}
			if v.PersistentVolumeClaim != nil && v.PersistentVolumeClaim.ClaimName != pvcs[0].Name {
				t.Errorf("%s: volume %s names claim %s, defined is %s", j.Name, v.Name, v.PersistentVolumeClaim.ClaimName, pvcs[0].Name)
			}
		}
		for _, c := range pod.Containers {
			for _, m := range c.VolumeMounts {
				if _, ok := vols[m.Name]; !ok {
					t.Errorf("%s: container %s mounts undefined volume %s", j.Name, c.Name, m.Name)
				}
			}
			if len(c.Command) == 3 && c.Command[1] == "-c" {
				checkShell(t, j.Name, c.Command[2])
			}
		}
	}
	checkShell(t, "run.sh", cm.Data["run.sh"])

	for _, typo := range [][2]string{{"completionMode:", "completionMod:"}, {"mountPath: /results", "mountpath: /results"}, {"restartPolicy:", "restartpolicy:"}} {
		bad := bytes.Replace(migration, []byte(typo[0]), []byte(typo[1]), 1)
		if _, _, _, err := decodeManifests(bad); err == nil || !strings.Contains(err.Error(), "unknown field") {
			t.Errorf("%s instead of %s: decoded without an error (%v)", typo[1], typo[0], err)
		}
	}
}

// TestKubernetesRunScript runs the Job's run.sh as each indexed pod would
// (JOB_COMPLETION_INDEX 0, 1, 2 over repos.txt, here with file:// URLs
// of repositories made in the test; repos.txt has a fourth line, as when
// completions is short of the list), then the aggregate Job's command,
// which names the fourth MISSING.
func TestKubernetesRunScript(t *testing.T) {
	cms, _, jobs, err := decodeManifests(readDoc(t, "kubernetes/migration.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	_, _, aggJobs, err := decodeManifests(readDoc(t, "kubernetes/aggregate.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	config, results := filepath.Join(dir, "config"), filepath.Join(dir, "results")
	for _, d := range []string{config, results, filepath.Join(dir, "work")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var urls []string
	for _, r := range []struct {
		name  string
		files map[string]string
	}{{"api", npmRepo}, {"web", npmRepo}, {"broken", brokenRepo}, {"unrun", npmRepo}} {
		_, bare := gitRepo(t, filepath.Join(dir, "src"), r.name, r.files)
		urls = append(urls, "file://"+bare)
	}
	script, err := os.ReadFile(filepath.Join(migrations, "npm-bump", "migrate.js"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"repos.txt": strings.Join(urls, "\n") + "\n", "migrate.js": string(script), "run.sh": cms[0].Data["run.sh"]} {
		if err := os.WriteFile(filepath.Join(config, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{}
	for _, e := range jobs[0].Spec.Template.Spec.Containers[0].Env {
		env[e.Name] = e.Value
	}
	env["CONFIG_DIR"], env["RESULTS_DIR"], env["WORK_DIR"], env["SCRIPT_ARGS"] = config, results, filepath.Join(dir, "work"), "lodash 4.17.21"
	env["BRANCH"] = "atomic/bump-lodash" // commit and push
	vars := func(extra ...string) []string {
		for k, v := range env {
			extra = append(extra, k+"="+v)
		}
		return extra
	}
	for i := range urls[:3] {
		out, err := run(t, dir, vars("JOB_COMPLETION_INDEX="+string(rune('0'+i))), "sh", filepath.Join(config, "run.sh"))
		if wantFail := i == 2; (err != nil) != wantFail {
			t.Errorf("index %d: %v, want failure %v\n%s", i, err, wantFail, out)
		}
	}
	// Each repository that passed has the branch with the run's commit,
	// and its log (and NAME.pushed) says where it went.
	for _, name := range []string{"api", "web"} {
		bare := filepath.Join(dir, "src", name+".git")
		if files, _ := run(t, bare, nil, "git", "show", "--name-only", "--format=%an %s", "refs/heads/atomic/bump-lodash"); !strings.Contains(files, "atomic-script atomic-script migration\n\npackage.json\nweb/package.json") {
			t.Errorf("%s: the pushed branch:\n%s", name, files)
		}
		pushed, err := os.ReadFile(filepath.Join(results, resultName(t, "file://"+bare)+".pushed"))
		if err != nil || !strings.Contains(string(pushed), "pushed branch atomic/bump-lodash to file://"+bare) {
			t.Errorf("%s: %v %q", name, err, pushed)
		}
	}
	aggEnv := []string{"CONFIG_DIR=" + config, "RESULTS_DIR=" + results}
	out, err := run(t, dir, aggEnv, "sh", "-c", aggJobs[0].Spec.Template.Spec.Containers[0].Command[2])
	if err == nil || !strings.Contains(out, "4 runs: 2 ok, 1 failed, 1 MISSING (no result)") || !strings.Contains(out, "unrun") {
		t.Errorf("the aggregate Job should fail with one failed and one missing repository: %v\n%s", err, out)
	}
	out, _ = aggregate(t, results)
	var agg struct {
		Runs []struct {
			Run          string `json:"run"`
			OK           bool   `json:"ok"`
			FilesChanged int    `json:"filesChanged"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &agg); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	byName := map[string]bool{}
	for _, r := range agg.Runs {
		byName[filepath.Base(r.Run)] = r.OK
		if filepath.Base(r.Run) == "api" && r.FilesChanged != 2 {
			t.Errorf("api: %d files changed, want 2", r.FilesChanged)
		}
	}
	if len(agg.Runs) != 3 || !byName["api"] || !byName["web"] || byName["broken"] {
		t.Errorf("aggregate:\n%s", out)
	}
	// An index past the list says what to fix.
	if out, err := run(t, dir, vars("JOB_COMPLETION_INDEX=4"), "sh", filepath.Join(config, "run.sh")); err == nil || !strings.Contains(out, "repos.txt has no line 5: set the Job's completions") {
		t.Errorf("index past the list: %v\n%s", err, out)
	}
}

// gitlabCI is the part of .gitlab-ci.yml the recipe uses, decoded
// strictly: a misspelt keyword is an error. (GitLab's own schema is not
// available offline; its keywords are checked here.)
type gitlabJob struct {
	Extends      string   `json:"extends,omitempty"`
	Image        string   `json:"image,omitempty"`
	Stage        string   `json:"stage,omitempty"`
	When         string   `json:"when,omitempty"`
	BeforeScript []string `json:"before_script,omitempty"`
	Script       []string `json:"script,omitempty"`
	Parallel     *struct {
		Matrix []map[string][]string `json:"matrix"`
	} `json:"parallel,omitempty"`
	Artifacts *struct {
		When    string   `json:"when"`
		Paths   []string `json:"paths"`
		Reports struct {
			JUnit string `json:"junit"`
		} `json:"reports"`
	} `json:"artifacts,omitempty"`
}

// TestGitLabPipeline decodes the pipeline strictly, checks the matrix and
// the JUnit report path, shellchecks the scripts, and runs the migrate
// job's script lines (one shell, as the runner does) for each matrix
// entry against repositories made here, then the aggregate job's.
func TestGitLabPipeline(t *testing.T) {
	data := readDoc(t, "gitlab/.gitlab-ci.yml")
	var top struct {
		Stages    []string          `json:"stages"`
		Variables map[string]string `json:"variables"`
		Template  gitlabJob         `json:".atomic-script"`
		Migrate   gitlabJob         `json:"migrate"`
		Aggregate gitlabJob         `json:"aggregate"`
	}
	if err := strict(data, &top); err != nil {
		t.Fatalf(".gitlab-ci.yml: %v", err)
	}
	if top.Migrate.Parallel == nil || len(top.Migrate.Parallel.Matrix) != 1 || len(top.Migrate.Parallel.Matrix[0]["REPO"]) == 0 {
		t.Fatalf("migrate has no parallel:matrix over REPO: %+v", top.Migrate.Parallel)
	}
	if a := top.Migrate.Artifacts; a == nil || a.When != "always" || a.Reports.JUnit != "results/*.xml" {
		t.Errorf("migrate artifacts = %+v", a)
	}
	if bad := bytes.Replace(data, []byte("  parallel:\n"), []byte("  paralel:\n"), 1); strict(bad, &top) == nil {
		t.Error("a misspelt keyword decoded without an error")
	}
	if err := strict(data, &top); err != nil {
		t.Fatal(err)
	}
	for name, job := range map[string]gitlabJob{"migrate": top.Migrate, "aggregate": top.Aggregate} {
		checkShell(t, name, strings.Join(append(append([]string{}, top.Template.BeforeScript...), job.Script...), "\n"))
	}

	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	if err := os.MkdirAll(filepath.Join(project, "migrations"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(migrations, "npm-bump"), filepath.Join(project, "migrations", "npm-bump")); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "src")
	for _, r := range []struct {
		path  string
		files map[string]string
	}{{"acme/data_pipeline", npmRepo}, {"acme_data/pipeline", npmRepo}, {"acme/broken", brokenRepo}} {
		if err := os.MkdirAll(filepath.Join(src, filepath.Dir(r.path)), 0o755); err != nil {
			t.Fatal(err)
		}
		_, bare := gitRepo(t, filepath.Join(src, filepath.Dir(r.path)), filepath.Base(r.path), r.files)
		// GitLab takes push options (merge_request.create): this one
		// records them.
		run(t, bare, nil, "git", "config", "receive.advertisePushOptions", "true")
		if err := os.WriteFile(filepath.Join(bare, "hooks", "post-receive"), []byte("#!/bin/sh\nenv | grep '^GIT_PUSH_OPTION_' | sort > \"$GIT_DIR/push-options\"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// The project's list: the matrix's repositories and one whose job
	// never ran.
	if err := os.WriteFile(filepath.Join(project, "repos.txt"), []byte("acme/data_pipeline\nacme_data/pipeline\nacme/broken\nacme/never-ran\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	vars := []string{"CI_PROJECT_DIR=" + project, "CLONE_URL=file://" + src, "PUSH_URL=file://" + src, "CI_SERVER_URL=https://gitlab.example"}
	for k, v := range top.Variables {
		if k != "CLONE_URL" && k != "PUSH_URL" {
			vars = append(vars, k+"="+v)
		}
	}
	script := func(job gitlabJob) string {
		return strings.Join(append(append([]string{"set -e"}, top.Template.BeforeScript...), job.Script...), "\n")
	}
	for _, repo := range []string{"acme/data_pipeline", "acme_data/pipeline", "acme/broken"} {
		out, err := run(t, project, append(vars, "REPO="+repo, "MODE=--atomic", "BRANCH=atomic/bump-lodash"), "sh", "-c", script(top.Migrate))
		if (err != nil) != (repo == "acme/broken") {
			t.Errorf("%s: %v\n%s", repo, err, out)
		}
		if repo != "acme/broken" {
			bare := filepath.Join(src, repo+".git")
			if files, _ := run(t, bare, nil, "git", "show", "--name-only", "--format=%s", "refs/heads/atomic/bump-lodash"); !strings.Contains(files, "package.json\nweb/package.json") {
				t.Errorf("%s: the pushed branch:\n%s", repo, files)
			}
			if opts, _ := os.ReadFile(filepath.Join(bare, "push-options")); !strings.Contains(string(opts), "=merge_request.create") || !strings.Contains(string(opts), "=merge_request.title=chore: bump lodash") {
				t.Errorf("%s: the push asked for no merge request: %q", repo, opts)
			}
			if !strings.Contains(out, "pushed atomic/bump-lodash to "+repo+" with a merge request: https://gitlab.example/"+repo+"/-/merge_requests") {
				t.Errorf("%s: the job does not say where the merge request is:\n%s", repo, out)
			}
		}
		if _, err := os.Stat(filepath.Join(project, "results", resultName(t, repo)+".xml")); err != nil {
			t.Errorf("%s: no JUnit report: %v", repo, err)
		}
	}
	out, err := run(t, project, vars, "sh", "-c", script(top.Aggregate))
	if err == nil || !strings.Contains(out, "4 runs: 2 ok, 1 failed, 1 MISSING (no result)") || !strings.Contains(out, "acme/never-ran") {
		t.Errorf("aggregate: %v\n%s", err, out)
	}
	// The recipe's repos.txt is its matrix's list.
	listed := strings.Fields(strings.Join(nonComments(string(readDoc(t, "gitlab/repos.txt"))), " "))
	if strings.Join(listed, " ") != strings.Join(top.Migrate.Parallel.Matrix[0]["REPO"], " ") {
		t.Errorf("gitlab/repos.txt %v is not the matrix's REPO list %v", listed, top.Migrate.Parallel.Matrix[0]["REPO"])
	}
}

// nonComments are a list file's lines, blank lines and # comments left out.
func nonComments(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// TestMultiGitterScript runs migrate.sh as multi-gitter does: in the clone,
// REPOSITORY set, the arguments after the script's path; it fails where
// the migration fails (so multi-gitter opens no pull request there) and
// leaves one result per repository. config.yml uses multi-gitter's flag
// names (strictly decoded against them).
func TestMultiGitterScript(t *testing.T) {
	sh := filepath.Join(docs, "multi-gitter", "migrate.sh")
	data := readDoc(t, "multi-gitter/migrate.sh")
	checkShell(t, "migrate.sh", string(data))
	if st, err := os.Stat(sh); err != nil || st.Mode()&0o111 == 0 {
		t.Errorf("migrate.sh is not executable (multi-gitter runs it directly): %v", err)
	}
	var cfg struct {
		Repo          []string `json:"repo"`
		Branch        string   `json:"branch"`
		CommitMessage string   `json:"commit-message"`
		PRTitle       string   `json:"pr-title"`
		PRBody        string   `json:"pr-body"`
		Concurrent    int      `json:"concurrent"`
		DryRun        bool     `json:"dry-run"`
	}
	if err := strict(readDoc(t, "multi-gitter/config.yml"), &cfg); err != nil {
		t.Fatalf("config.yml: %v", err)
	}
	if !cfg.DryRun || cfg.Branch == "" || cfg.CommitMessage == "" {
		t.Errorf("config.yml = %+v: want a dry run first, a branch and a commit message", cfg)
	}
	if listed := nonComments(string(readDoc(t, "multi-gitter/repos.txt"))); strings.Join(listed, " ") != strings.Join(cfg.Repo, " ") {
		t.Errorf("multi-gitter/repos.txt %v is not config.yml's repo list %v", listed, cfg.Repo)
	}
	abs, _ := filepath.Abs(sh)
	dir := t.TempDir()
	results := filepath.Join(dir, "results")
	env := []string{"ATOMIC_SCRIPT=" + filepath.Join(migrations, "npm-bump", "migrate.js"), "RESULTS_DIR=" + results}
	for _, r := range []struct {
		repo  string
		files map[string]string
		fails bool
	}{{"acme/data_pipeline", npmRepo, false}, {"acme_data/pipeline", npmRepo, false}, {"acme/broken", brokenRepo, true}} {
		work, _ := gitRepo(t, dir, strings.ReplaceAll(r.repo, "/", "-"), r.files)
		out, err := run(t, work, append(env, "REPOSITORY="+r.repo), abs, "lodash", "4.17.21")
		if (err != nil) != r.fails {
			t.Errorf("%s: %v\n%s", r.repo, err, out)
		}
	}
	list := filepath.Join(dir, "repos.txt")
	if err := os.WriteFile(list, []byte("acme/data_pipeline\nacme_data/pipeline\nacme/broken\nacme/skipped\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run(t, dir, nil, "atomic-script", "aggregate", "--expect", list, results)
	if err == nil || !strings.Contains(out, "4 runs: 2 ok, 1 failed, 1 MISSING (no result)") || !strings.Contains(out, "acme/data_pipeline") || !strings.Contains(out, "acme_data/pipeline") {
		t.Errorf("aggregate: %v\n%s", err, out)
	}
	if out, err := run(t, dir, nil, abs); err == nil || !strings.Contains(out, "set ATOMIC_SCRIPT") {
		t.Errorf("without ATOMIC_SCRIPT: %v\n%s", err, out)
	}
}

// shellBlocks are the ```sh blocks of a Markdown section (from its heading
// to the next one of the same level).
func shellBlocks(t *testing.T, doc, heading string) []string {
	t.Helper()
	_, sec, ok := strings.Cut(doc, "\n"+heading+"\n")
	if !ok {
		t.Fatalf("no section %q", heading)
	}
	if i := strings.Index(sec, "\n## "); i >= 0 {
		sec = sec[:i]
	}
	var blocks []string
	for {
		_, rest, ok := strings.Cut(sec, "```sh\n")
		if !ok {
			return blocks
		}
		block, after, _ := strings.Cut(rest, "```")
		blocks = append(blocks, block)
		sec = after
	}
}

// TestOneMachineLoop runs docs/ci.md's shell loop as written, in a
// directory with repos/ and migrate.js and nothing else (no results/):
// every repository gets its result and report, and the aggregate sees
// them all.
func TestOneMachineLoop(t *testing.T) {
	doc, err := os.ReadFile("../../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := shellBlocks(t, string(doc), "## On one machine")
	if len(blocks) != 2 {
		t.Fatalf("want the --repos commands and the loop, got %d blocks", len(blocks))
	}
	dir := t.TempDir()
	gitRepo(t, filepath.Join(dir, "repos"), "api", npmRepo)
	gitRepo(t, filepath.Join(dir, "repos"), "web", npmRepo)
	for _, bare := range []string{"api.git", "web.git"} {
		os.RemoveAll(filepath.Join(dir, "repos", bare))
	}
	// The docs' migrate.js takes no arguments: this one changes two files.
	script := `for (const p of ["package.json", "web/package.json"]) { await tools.read({path: p}); await tools.write({path: p, content: "{}\n"}); }`
	if err := os.WriteFile(filepath.Join(dir, "migrate.js"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	checkShell(t, "the loop", blocks[1])
	out, err := run(t, dir, nil, "sh", "-e", "-c", blocks[1])
	if err != nil || !strings.Contains(out, "2 runs: 2 ok, 0 failed; 4 files changed") {
		t.Fatalf("the loop as written: %v\n%s", err, out)
	}
	for _, f := range []string{"api.json", "api.xml", "web.json", "web.xml"} {
		if _, err := os.Stat(filepath.Join(dir, "results", f)); err != nil {
			t.Errorf("results/%s: %v", f, err)
		}
	}
}
