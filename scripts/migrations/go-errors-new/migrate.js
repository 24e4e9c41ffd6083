// @options: {"max_output_tokens": 4000}
// fmt.Errorf calls with a constant message and nothing to format become
// errors.New, by syntax (never in comments or strings). Imports are the
// follow-up: each changed file gets "errors" and loses "fmt" when nothing
// else uses it (found with query, changed with edit), gofmt sorts them,
// and `go build ./...` and `go vet ./...` must pass or the run fails
// (with --atomic, every file is put back).
//
//   atomic-script run --dry-run migrate.js -- [PATHS...]
//   atomic-script run --atomic  migrate.js -- ./internal
const paths = ARGS.length ? ARGS : ["."];

const rw = await tools.rewrite({
  paths, language: "go",
  pattern: "fmt.Errorf($MSG)", replace: "errors.New($MSG)",
  // a string literal with no % at all: nothing to format, no %% to unescape
  where: { MSG: { regex: '^("[^%"\\\\]*(\\\\.[^%"\\\\]*)*"|`[^%`]*`)$' } },
});
if (rw.changeCount === 0) return { changed: 0, note: "nothing to migrate: no fmt.Errorf with a constant message and no verbs" };

// The import specs and the uses of fmt of each changed file.
const changed = rw.files.map(f => f.path);
const specs = await tools.query({ paths: changed, language: "go", query: "(import_spec path: (_) @path) @spec" });
const uses = await tools.query({ paths: changed, language: "go", query: '(selector_expression operand: (identifier) @pkg (#eq? @pkg "fmt"))' });
const usesFmt = new Set(uses.files.map(f => f.path));

const edits = [];
for (const f of specs.files) {
  const imports = new Map(f.matches.map(m => [m.captures.find(c => c.name === "path").text, m.captures.find(c => c.name === "spec")]));
  const fmt = imports.get('"fmt"');
  if (!fmt || fmt.range.start.line !== fmt.range.end.line) throw new Error(`${f.path}: no plain "fmt" import to adjust: fix its imports by hand`);
  const line = fmt.range.start.line;
  const text = (await tools.read({ path: `${f.path}:raw` })).split("\n")[line - 1].replace(/\r$/, "");
  const hasErrors = imports.has('"errors"');
  const keepFmt = usesFmt.has(f.path);
  let op = null;
  if (!hasErrors && keepFmt) op = `insert after ${line}:\n+${text.replace('"fmt"', '"errors"')}`;
  else if (!hasErrors) op = `replace ${line}..${line}:\n+${text.replace('"fmt"', '"errors"')}`;
  else if (!keepFmt) op = `delete ${line}..${line}`;
  if (op) edits.push(`[${f.path}#${f.tag}]\n${op}`);
}
if (edits.length) await tools.edit({ input: edits.join("\n") });

// gofmt sorts the import blocks; the module must still build and vet.
const quoted = changed.map(p => `'${p.replaceAll("'", "'\\''")}'`).join(" ");
const check = await tools.bash({ command: `gofmt -w ${quoted} && go build ./... && go vet ./...`, timeout: 600 });
if (check.exitCode !== 0) throw new Error(`go build/vet failed after the rewrite:\n${check.output}`);

return { changed: rw.changeCount, files: rw.files.map(f => ({ path: f.path, changes: f.changes })), importsAdjusted: edits.length, overlapped: rw.overlapped ?? [] };
