// A host built on the official TypeScript MCP SDK answers a script's
// ask_user_question through elicitation, over stdio and (given ENDPOINT
// and AUTH) streamable HTTP: it accepts a form by picking the first
// option (the first two of a multiSelect), declines or cancels by the
// question's title; a second client without elicitation sees no question
// tool. It prints what each saw as one JSON object. Arguments: SDK_DIR
// BIN WORKSPACE [ENDPOINT AUTH].
import { pathToFileURL } from "node:url";
import { join } from "node:path";
const [sdkDir, bin, cwd, endpoint, auth] = process.argv.slice(2);
const load = (p) => import(pathToFileURL(join(sdkDir, "dist/esm", p)).href);
const { Client } = await load("client/index.js");
const { StdioClientTransport } = await load("client/stdio.js");
const { StreamableHTTPClientTransport } = await load("client/streamableHttp.js");
const { ElicitRequestSchema } = await load("types.js");

async function connect(kind, elicit) {
  const client = new Client({ name: "ts-host", version: "1" }, { capabilities: elicit ? { elicitation: {form: {}} } : {} });
  const asked = [];
  if (elicit) {
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      asked.push(req.params);
      const props = req.params.requestedSchema.properties;
      const titles = Object.values(props).map(p => p.title);
      if (titles.includes("Decline me")) return { action: "decline" };
      if (titles.includes("Cancel me")) return { action: "cancel" };
      const content = {};
      for (const [k, p] of Object.entries(props)) content[k] = p.type === "array" ? p.items.enum.slice(0, 2) : p.enum[0];
      return { action: "accept", content };
    });
  }
  const transport = kind === "http"
    ? new StreamableHTTPClientTransport(new URL(endpoint), { requestInit: { headers: { Authorization: auth } } })
    : new StdioClientTransport({ command: bin, args: ["serve"], cwd, env: process.env, stderr: "inherit" });
  await client.connect(transport);
  return { client, asked };
}
const code = `
const one = await tools.ask_user_question({questions: [
  {header: "Merge approval", question: "Admin-merge the seven PRs?", options: [{label: "Proceed", description: "Merge in order."}, {label: "Do not proceed"}]},
  {header: "Languages", question: "Which?", multiSelect: true, options: [{label: "go"}, {label: "ts"}, {label: "py"}]}]});
const declined = await tools.ask_user_question({questions: [{header: "Decline me", question: "Go on?", options: [{label: "Proceed"}, {label: "Stop"}]}]});
const cancelled = await tools.ask_question({header: "Cancel me", question: "Go on?", options: ["Proceed", "Stop"]});
return {one, declined: declined.status, cancelled: cancelled.status, listed: ALL_TOOLS.filter(t => t.name.startsWith("ask")).map(t => t.name)}`;
const out = {};
for (const kind of endpoint ? ["stdio", "http"] : ["stdio"]) {
  const h = await connect(kind, true);
  const tl = await h.client.listTools();
  const r = await h.client.callTool({ name: "codemode", arguments: { code } });
  await h.client.close();
  const b = await connect(kind, false);
  const tl2 = await b.client.listTools();
  const r2 = await b.client.callTool({ name: "codemode", arguments: { code: `try { await tools.ask_user_question({questions: [{header: "h", question: "q", options: [{label: "a"}, {label: "b"}]}]}) } catch (e) { return e.code + ": " + e.message }` } });
  await b.client.close();
  const desc = (l) => l.tools.find(t => t.name === "codemode").description.split("\n").filter(x => x.includes("ask_")).join("|");
  out[kind] = { asked: h.asked, result: r.structuredContent ?? r.content, desc: desc(tl), bare: r2.structuredContent?.value, bareDesc: desc(tl2) };
}
console.log(JSON.stringify(out));
