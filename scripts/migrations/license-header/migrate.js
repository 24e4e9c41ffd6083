// @options: {"max_output_tokens": 4000}
// Add a license header to every source file that lacks one, in each
// language's comment syntax, after any line that must stay first (a #!
// shebang, a Python coding line, an <?xml?> declaration, an HTML doctype)
// and followed by a blank line (so Go does not read it as the package's doc
// comment). Generated files (Code generated … DO NOT EDIT, @generated) are
// skipped and listed. A file counts as having the header when one of its
// first 20 lines holds the header's first line, whatever the comment style.
//
//   atomic-script run --dry-run migrate.js -- "SPDX-License-Identifier: Apache-2.0" ["Copyright 2026 Example Inc."]
const header = ARGS.map((l) => l.trim()).filter(Boolean);
if (header.length === 0) {
  throw new Error('usage: atomic-script run migrate.js -- "HEADER LINE" ["MORE LINES"...] (e.g. -- "SPDX-License-Identifier: Apache-2.0")');
}

const line = (p) => (t) => (t ? `${p} ${t}` : p);
const block = (open, mid, close) => (lines) => [open, ...lines.map((t) => (t ? `${mid} ${t}` : mid)), close];
const lines = (prefix) => (ls) => ls.map(line(prefix));
const STYLES = {
  slash: { exts: ["go", "js", "mjs", "cjs", "jsx", "ts", "tsx", "java", "kt", "kts", "scala", "swift", "c", "h", "cc", "cpp", "hpp", "cs", "rs", "proto", "dart"], render: lines("//") },
  hash: { exts: ["py", "sh", "bash", "rb", "pl", "yaml", "yml", "toml", "tf", "r"], render: lines("#") },
  dash: { exts: ["sql", "lua", "hs"], render: lines("--") },
  css: { exts: ["css", "scss", "less"], render: block("/*", " *", " */") },
  markup: { exts: ["html", "htm", "xml", "vue"], render: block("<!--", " ", "-->") },
};
const styleOf = {};
for (const s of Object.values(STYLES)) for (const e of s.exts) styleOf[e] = s;
const extOf = (p) => p.slice(p.lastIndexOf(".") + 1).toLowerCase();
const vendored = (p) => /(^|\/)(vendor|third_party|node_modules)\//.test(p);

const found = await tools.find({ paths: Object.keys(styleOf).map((e) => `**/*.${e}`) });
if (found.truncated) throw new Error(`listing the source files was cut (${found.timedOut ? "timed out" : `over ${found.limit} paths`}): run it per directory`);
const sources = found.files.filter((p) => !p.endsWith("/") && !vendored(p));

// Files that already carry the header near the top.
const marker = header[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const has = new Set();
for (let skip = 0; skip !== undefined; ) {
  const page = await tools.search({ pattern: marker, paths: sources.length ? sources : ".", skip });
  for (const f of page.fileMatches) if (f.matches.some((m) => m.line <= 20)) has.add(f.path);
  skip = page.nextSkip;
}

// Lines that must stay above the header.
const keepFirst = (ext, first, second) => {
  let n = 0;
  if (first?.startsWith("#!")) n = 1;
  if (ext === "py" && /coding[:=]/.test([first, second][n] ?? "")) n++;
  if (["xml", "html", "htm", "vue"].includes(ext) && /^\s*<(\?xml|!doctype)/i.test(first ?? "")) n = 1;
  return n;
};

// 20 files at a time: read their first lines, then one edit (a session
// keeps the snapshots of its most recent reads).
const added = [], generated = [];
const lacking = sources.filter((p) => !has.has(p));
for (let i = 0; i < lacking.length; i += 20) {
  const sections = [];
  for (const path of lacking.slice(i, i + 20)) {
    const top = await tools.read({ path: `${path}:1-5` });
    const tag = top.match(/^\[.*#([0-9A-Z]+)\]/)?.[1];
    const rows = [...top.matchAll(/^(\d+):(.*)$/gm)].map((m) => m[2]);
    if (!tag) throw new Error(`cannot read ${path}: ${top.split("\n")[0]}`);
    if (rows.some((r) => /Code generated .* DO NOT EDIT|@generated|DO NOT EDIT/.test(r))) {
      generated.push(path);
      continue;
    }
    const ext = extOf(path);
    const after = keepFirst(ext, rows[0], rows[1]);
    const body = [...styleOf[ext].render(header), ""].map((t) => `+${t}`).join("\n");
    sections.push(`[${path}#${tag}]\n${after ? `insert after ${after}:` : "insert head:"}\n${body}`);
    added.push(path);
  }
  if (sections.length) await tools.edit({ input: sections.join("\n") });
}
if (added.length === 0) {
  return { header: header[0], added: [], generated, note: `nothing to add: ${has.size} source files carry the header; ${generated.length} generated files skipped` };
}
return { header: header[0], added, generated, alreadyHad: has.size };
