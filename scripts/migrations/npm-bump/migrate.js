// @options: {"max_output_tokens": 4000}
// Bump one dependency in every package.json of a monorepo: dependencies,
// devDependencies, peerDependencies and optionalDependencies. Only the
// version string changes: indentation, key order, line endings and the
// rest of each file stay byte for byte. A version without a range operator
// keeps the file's own (^ or ~); workspace:, file:, git and URL specs are
// left alone and listed. node_modules is never touched.
//
// A bump that would lower a version (^4.4.0 to ^3.0.0: a typo, or a
// decision that needs its own review) fails the run, every such entry
// named and no file written, unless --allow-downgrade; then they are
// listed as downgraded, not bumped. peerDependencies are a package's
// promise to its users: they are left alone and listed unless --peer.
//
//   atomic-script run --dry-run migrate.js -- NAME VERSION [--peer] [--allow-downgrade]
//   atomic-script run --atomic  migrate.js -- lodash 4.17.21
const usage = "usage: atomic-script run migrate.js -- NAME VERSION [--peer] [--allow-downgrade] (e.g. -- lodash 4.17.21 or -- react ^19.0.0)";
const flags = new Set(ARGS.filter((a) => a.startsWith("--")));
for (const f of flags) if (f !== "--peer" && f !== "--allow-downgrade") throw new Error(`unknown option ${f}; ${usage}`);
const [name, version] = ARGS.filter((a) => !a.startsWith("--"));
if (!name || !version) throw new Error(usage);
if (!/^(\^|~|>=|<=|>|<|=)?v?\d+(\.\d+){0,2}([-+][\w.-]+)?$/.test(version)) {
  throw new Error(`${version} is not a version or a simple range (e.g. 4.17.21, ^4.17.21, ~1.2.0)`);
}
const SECTIONS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"];
const operator = (v) => v.match(/^(\^|~|>=|<=|>|<|=)?/)[0];
// base is a spec's version as [major, minor, patch, prerelease]; compare
// orders two (a prerelease before its release).
const base = (v) => {
  const m = v.replace(/^(\^|~|>=|<=|>|<|=)?v?/, "").match(/^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([\w.-]+))?/);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0), m[4] ?? ""];
};
function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  if (a[3] === b[3]) return 0;
  if (!a[3] || !b[3]) return a[3] ? -1 : 1;
  return a[3] < b[3] ? -1 : 1;
}
const pinned = (old) => (operator(version) ? version : operator(old) + version);

// dependencySpans finds the string token of name's version in each
// dependency section: its offsets in the text, so only those bytes change.
function dependencySpans(text) {
  let i = 0;
  const spans = [];
  const ws = () => { while (i < text.length && " \t\r\n".includes(text[i])) i++; };
  const string = () => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return { start, end: i, value: JSON.parse(text.slice(start, i)) };
  };
  const value = (path) => {
    ws();
    const c = text[i];
    if (c === '"') return string();
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      for (let n = 0; ; n++) {
        ws();
        if (text[i] === close) { i++; return null; }
        if (n > 0) { i++; ws(); } // the comma
        let key = n;
        if (c === "{") { key = string().value; ws(); i++; } // the colon
        const v = value([...path, key]);
        if (path.length === 1 && SECTIONS.includes(path[0]) && key === name && v) spans.push({ section: path[0], ...v });
      }
    }
    while (i < text.length && !",]} \t\r\n".includes(text[i])) i++; // number, true, false, null
    return null;
  };
  value([]);
  return spans;
}

const found = await tools.find({ paths: "**/package.json" });
if (found.truncated) throw new Error(`listing the package.json files was cut (${found.timedOut ? "timed out" : `over ${found.limit} paths`}): run it per directory`);
const bumped = [], skipped = [], downgraded = [], writes = [];
let using = 0;
for (const path of found.files.filter((p) => !p.split("/").includes("node_modules"))) {
  const text = await tools.read({ path: `${path}:raw` });
  try {
    JSON.parse(text);
  } catch (e) {
    throw new Error(`${path} is not valid JSON (${e.message}): fix it first; no file was changed`);
  }
  let next = "", at = 0;
  for (const s of dependencySpans(text)) {
    using++;
    if (!/^(\^|~|>=|<=|>|<|=)?v?\d/.test(s.value)) {
      skipped.push({ path, section: s.section, spec: s.value, reason: "not a version range" });
      continue;
    }
    const to = pinned(s.value);
    if (to === s.value) continue;
    if (s.section === "peerDependencies" && !flags.has("--peer")) {
      skipped.push({ path, section: s.section, spec: s.value, reason: `a peer range is the package's promise to its users: pass --peer to make it ${to}` });
      continue;
    }
    const entry = { path, section: s.section, from: s.value, to };
    if (compare(base(to), base(s.value)) < 0) {
      downgraded.push(entry);
      if (!flags.has("--allow-downgrade")) continue;
    } else {
      bumped.push(entry);
    }
    next += text.slice(at, s.start) + JSON.stringify(to);
    at = s.end;
  }
  if (at > 0) writes.push({ path, before: text, content: next + text.slice(at) });
}
if (downgraded.length > 0 && !flags.has("--allow-downgrade")) {
  const list = downgraded.map((d) => `${d.path} ${d.section}: ${d.from} to ${d.to}`).join("; ");
  throw new Error(`${version} is lower than ${downgraded.length} of the ${name} versions in use (${list}): that is a downgrade, not a bump. No file was changed; pass --allow-downgrade if it is meant`);
}
// Every file was parsed before the first is written. Each is read again
// just before its write (the session keeps its most recent reads) and
// must not have changed since it was parsed.
for (const w of writes) {
  if ((await tools.read({ path: `${w.path}:raw` })) !== w.before) throw new Error(`${w.path} changed while the migration ran: run it again`);
  await tools.write({ path: w.path, content: w.content });
}

if (bumped.length + downgraded.length === 0) {
  return { package: name, version, bumped: [], skipped, note: `nothing to bump: ${using} dependency entries in ${found.files.length} package.json files are already at ${version}, not version ranges, or peer ranges (--peer)` };
}
return downgraded.length ? { package: name, version, bumped, downgraded, skipped } : { package: name, version, bumped, skipped };
