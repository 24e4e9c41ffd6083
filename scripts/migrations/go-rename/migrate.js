// @options: {"max_output_tokens": 4000}
// Rename an exported Go identifier across a module: in the package that
// declares it, and at every qualified use (alias.Old) in the files that
// import that package. `go build ./...` and `go vet ./...` run before the
// rename (the baseline) and after it: the run fails (with --atomic, every
// file is put back) only on a diagnostic the rename brought, so a module
// that already failed vet is renamed all the same, and the result says so.
//
//   atomic-script run --dry-run migrate.js -- PKGDIR OLD NEW
//   atomic-script run --atomic  migrate.js -- ./store Get Fetch
const [pkgArg, oldName, newName] = ARGS;
if (!pkgArg || !oldName || !newName) {
  throw new Error("usage: atomic-script run migrate.js -- PKGDIR OLD NEW (e.g. -- ./store Get Fetch), at the module's root");
}
const exported = /^[A-Z][A-Za-z0-9_]*$/;
for (const n of [oldName, newName]) {
  if (!exported.test(n)) throw new Error(`${n} is not an exported Go identifier (it must start with an upper-case letter)`);
}

const gomod = await tools.read({ path: "go.mod:raw" });
const module = gomod.match(/^module\s+(\S+)/m)?.[1];
if (!module) throw new Error("go.mod has no module line: run this at a Go module's root");
const pkgDir = pkgArg.replace(/^\.\/?/, "").replace(/\/+$/, "");
const importPath = pkgDir ? `${module}/${pkgDir}` : module;
const dirOf = (p) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "");
const skipped = (p) => /(^|\/)(vendor|testdata)\//.test(p);

// Every file matching a search, with all of its matching lines (paged).
async function searchAll(pattern, paths) {
  const all = [];
  for (let skip = 0; skip !== undefined; ) {
    const page = await tools.search({ pattern, paths, skip });
    for (const f of page.fileMatches) {
      if (!f.path.endsWith(".go") || skipped(f.path)) continue;
      const whole = f.count > f.matches.length ? (await tools.search({ pattern, paths: f.path })).fileMatches[0] : f;
      if (whole.count > whole.matches.length) throw new Error(`${f.path} has ${whole.count} lines naming ${oldName}; a search shows ${whole.matches.length}: rename it by hand`);
      all.push(whole);
    }
    skip = page.nextSkip;
  }
  return all;
}

// check runs go build and go vet and returns their diagnostics, one line
// each (a package header "# pkg" dropped), and whether both passed.
async function check() {
  const lines = [];
  let passed = true;
  for (const command of ["go build ./...", "go vet ./..."]) {
    const r = await tools.bash({ command: `${command} 2>&1`, timeout: 900 });
    if (r.exitCode !== 0) passed = false;
    for (const l of r.output.split("\n")) if (l.trim() && !l.startsWith("# ")) lines.push(l.trim());
  }
  return { passed, lines };
}
// The module's diagnostics before anything changes: what the rename must
// not be blamed for. (A rename keeps every line where it was, so a
// diagnostic is the same file:line after it, OLD read as NEW.)
const baseline = await check();

const goFiles = await tools.find({ paths: "**/*.go" });
if (goFiles.truncated) throw new Error(`listing the Go files was cut (${goFiles.timedOut ? "timed out" : `over ${goFiles.limit} paths`}): run it per directory`);
const pkgFiles = goFiles.files.filter((p) => dirOf(p) === pkgDir && !skipped(p));
if (pkgFiles.length === 0) throw new Error(`no Go files in ${pkgArg} (PKGDIR is the package's directory relative to the module root)`);

// How each importing file names the package: its alias, else the package clause.
const pkgName = (await tools.search({ pattern: "^package \\w+", paths: pkgFiles.find((p) => !p.endsWith("_test.go")) ?? pkgFiles[0] }))
  .fileMatches[0]?.matches[0]?.text.split(/\s+/)[1];
const quoted = `"${importPath}"`;
const aliases = new Map();
for (const f of await searchAll(quoted.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "**/*.go")) {
  const m = f.matches[0].text.match(/^\s*(?:import\s+)?([A-Za-z_]\w*|\.)?\s*"/);
  aliases.set(f.path, m?.[1] ?? pkgName);
}

// replaceOutsideStrings renames the identifier in code and comments, never
// inside a string or rune literal.
function replaceOutsideStrings(line, re, to) {
  let out = "", code = "", i = 0;
  const flush = () => { out += code.replace(re, to); code = ""; };
  while (i < line.length) {
    const c = line[i];
    if (c === '"' || c === "'" || c === "`") {
      flush();
      let j = i + 1;
      while (j < line.length && line[j] !== c) j += c !== "`" && line[j] === "\\" ? 2 : 1;
      out += line.slice(i, j + 1);
      i = j + 1;
    } else if (c === "/" && line[i + 1] === "/") {
      code += line.slice(i);
      break;
    } else {
      code += c;
      i++;
    }
  }
  flush();
  return out;
}

// The files naming OLD, then 20 at a time: searched again for fresh tags
// (a session keeps the snapshots of its most recent reads) and edited.
const naming = (await searchAll(`\\b${oldName}\\b`, "**/*.go")).map((f) => f.path);
let changedFiles = 0, lines = 0;
for (let i = 0; i < naming.length; i += 20) {
  const files = await searchAll(`\\b${oldName}\\b`, naming.slice(i, i + 20));
  const sections = [];
  for (const f of files) {
    const alias = aliases.get(f.path);
    let re, to;
    if ((alias === undefined && dirOf(f.path) === pkgDir) || alias === ".") {
      re = new RegExp(`(^|[^.\\w])${oldName}\\b`, "g"); // Old, not x.Old
      to = `$1${newName}`;
    } else if (alias && alias !== "_") {
      re = new RegExp(`\\b${alias}\\.${oldName}\\b`, "g");
      to = `${alias}.${newName}`;
    } else {
      continue; // names some other Old
    }
    const ops = [];
    for (const m of f.matches) {
      const next = replaceOutsideStrings(m.text, re, to);
      if (next !== m.text) ops.push(`replace ${m.line}..${m.line}:\n+${next}`);
    }
    if (ops.length) {
      sections.push(`[${f.path}#${f.tag}]\n${ops.join("\n")}`);
      lines += ops.length;
    }
  }
  // One edit a page: all its files checked before any is written.
  if (sections.length) await tools.edit({ input: sections.join("\n") });
  changedFiles += sections.length;
}

if (changedFiles === 0) {
  return `nothing to rename: no use of ${importPath}.${oldName} is left (already migrated?)`;
}
const after = await check();
const renamedWord = new RegExp(`\\b${oldName}\\b`, "g");
const known = new Set(baseline.lines.flatMap((l) => [l, l.replace(renamedWord, newName)]));
const brought = after.lines.filter((l) => !known.has(l));
if (!after.passed && brought.length > 0) {
  throw new Error(`go build/vet failed after renaming ${oldName} to ${newName} (${changedFiles} files); new since the rename:\n${brought.join("\n")}`);
}
const result = { renamed: `${importPath}.${oldName}`, to: newName, files: changedFiles, lines };
if (!baseline.passed) {
  result.baseline = `go build/vet already failed before the rename (${baseline.lines.length} diagnostic lines); the rename added none`;
  result.preexisting = baseline.lines.slice(0, 20);
}
return result;
