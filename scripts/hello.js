// @options: {"max_output_tokens": 2000}
// One round trip instead of four: find, search, run a command and report,
// without changing a file. Try: atomic-script run scripts/hello.js -- you
const who = ARGS[0] ?? "world";
const found = await tools.find({ paths: "**/*.go", limit: 5000 });
const hits = await tools.search({ pattern: "^func New\\w*\\(", paths: "tools" });
const { output, exitCode } = await tools.bash({ command: "go version" });
console.log(`hello ${who}: ${found.fileCount} Go files, ${hits.fileMatches.length} files define constructors`);
text(hits.text.split("\n").slice(0, 6).join("\n"));
return { go: exitCode === 0 ? output.trim() : "no go on PATH", firstFile: hits.fileMatches[0]?.path };
