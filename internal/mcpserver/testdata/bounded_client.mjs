// A host built on the official TypeScript MCP SDK, which compiles every
// tool's outputSchema and checks each structuredContent against it: it
// calls serve over stdio with requests whose results would be huge and
// prints, as one JSON object, each response's size and whether the SDK
// accepted it. Arguments: SDK_DIR BIN WORKSPACE.
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const [sdkDir, bin, cwd] = process.argv.slice(2);
const load = (p) => import(pathToFileURL(join(sdkDir, "dist/esm", p)).href);
const { Client } = await load("client/index.js");
const { StdioClientTransport } = await load("client/stdio.js");

const client = new Client({ name: "ts-host", version: "1" }, { capabilities: {} });
await client.connect(new StdioClientTransport({ command: bin, args: ["serve", "--tools", "+todowrite"], cwd, env: process.env, stderr: "inherit" }));
const { tools } = await client.listTools();

const text = (r) => r.content.filter((c) => c.type === "text").map((c) => c.text).join("\n");
const bytes = (s) => Buffer.byteLength(s ?? "");
const read = await client.callTool({ name: "read", arguments: { path: "big.txt" } });
const header = text(read).split("\n")[0];
const calls = {
  find: ["find", { paths: "tree", limit: 10000 }],
  bigValue: ["codemode", { code: `return Array.from({length: 3000}, (_, i) => ({path: "src/file-" + i + ".ts", text: "y".repeat(200)}))` }],
  millionTokens: ["codemode", { code: `// @options: {"max_output_tokens": 1000000}\nfor (let i = 0; i < 60000; i++) console.log('line ' + i + ' ' + 'y'.repeat(90)); return 1` }],
  // Direct calls whose structuredContent would repeat long text.
  search: ["search", { pattern: "hello", paths: "." }],
  searchFile: ["search", { pattern: "hello", paths: "big.txt" }],
  bash: ["bash", { command: "seq 1 30000" }],
  edit: ["edit", { input: header + "\nreplace 1..1500:\n" + "+bye\n".repeat(1500) }],
  findSome: ["find", { paths: "tree/d01/some-long-file-name-000*" }],
};
const out = { tools: tools.length, withOutputSchema: tools.filter((t) => t.outputSchema).length, read: { bytes: bytes(text(read)), structured: read.structuredContent !== undefined } };
for (const [key, [name, args]] of Object.entries(calls)) {
  try {
    // The SDK gives up on a request after 60 s; this test is about sizes,
    // and a 6 MiB run under -race on a loaded machine takes longer.
    const r = await client.callTool({ name, arguments: args }, undefined, { timeout: 600_000 });
    out[key] = { bytes: JSON.stringify(r).length, isError: !!r.isError, structured: r.structuredContent !== undefined,
      textBytes: bytes(text(r)), structuredBytes: bytes(JSON.stringify(r.structuredContent)), omitted: r.structuredContent?.omitted ?? [],
      note: (text(r).match(/\[This result was over[^\]]*\]/) ?? [""])[0] };
  } catch (e) {
    out[key] = { error: String(e) };
  }
}
// Cancellation: the SDK sends notifications/cancelled when the signal
// aborts; the run must stop (its bash killed) and later calls still work.
const ac = new AbortController();
const started = Date.now();
setTimeout(() => ac.abort("the user pressed stop"), 1500);
try {
  await client.callTool({ name: "codemode", arguments: { code: `await tools.bash({command: "sleep 37.25"}); return "not cancelled"` } }, undefined, { signal: ac.signal });
  out.cancel = { error: "the call finished" };
} catch (e) {
  out.cancel = { aborted: ac.signal.aborted, ms: Date.now() - started, message: String(e) };
}
await new Promise((r) => setTimeout(r, 1000));
const after = await client.callTool({ name: "codemode", arguments: { code: `return "alive"` } });
out.cancel.after = after.structuredContent?.value;
await client.close();
console.log(JSON.stringify(out));
