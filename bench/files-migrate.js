// A 1,000-file migration, as bench/files.sh runs it: turn the `var`
// declaration of every src/pkgNN/fileNNNN.js into `let` with one hashline
// edit each (after a bounded read for the tag), 16 files at a time, then
// write an index of the files.
const files = [];
for (let i = 0; i < 1000; i++) {
  files.push(`src/pkg${String(i % 50).padStart(2, "0")}/file${String(i).padStart(4, "0")}.js`);
}
let changed = 0;
for (let i = 0; i < files.length; i += 16) {
  await Promise.all(files.slice(i, i + 16).map(async path => {
    const text = await tools.read({path: path + ":1+3"});
    const header = text.split("\n")[0];
    const row = text.split("\n").find(r => /^\d+:var /.test(r));
    if (!row) return;
    const n = row.slice(0, row.indexOf(":"));
    await tools.edit({input: `${header}\nreplace ${n}..${n}:\n+let ${row.slice(n.length + 5)}`});
    changed++;
  }));
}
await tools.write({path: "src/index.js", content: files.map(f => `export * from "./${f.slice(4)}";`).join("\n") + "\n"});
return `${changed} files migrated`;
