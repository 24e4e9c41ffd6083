// A host built on the official TypeScript MCP SDK: it starts
// `atomic-script serve` over stdio, answers elicitation requests by the
// command they name (accept, decline, cancel), and prints what happened as
// one JSON object. Arguments: SDK_DIR BIN WORKSPACE.
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const [sdkDir, bin, cwd] = process.argv.slice(2);
const load = (p) => import(pathToFileURL(join(sdkDir, "dist/esm", p)).href);
const { Client } = await load("client/index.js");
const { StdioClientTransport } = await load("client/stdio.js");
const { ElicitRequestSchema } = await load("types.js");

async function connect(elicit) {
  const client = new Client({ name: "ts-host", version: "1" }, { capabilities: elicit ? { elicitation: {} } : {} });
  const asked = [];
  if (elicit) {
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      const msg = req.params.message;
      asked.push(msg);
      if (msg.includes("touch declined")) return { action: "decline" };
      if (msg.includes("touch cancelled")) return { action: "cancel" };
      return { action: "accept", content: { always: false } };
    });
  }
  const transport = new StdioClientTransport({ command: bin, args: ["serve"], cwd, env: process.env, stderr: "inherit" });
  await client.connect(transport);
  return { client, asked };
}

const code = `
  const out = [];
  for (const c of ["touch accepted", "touch declined", "touch cancelled"]) {
    try { await tools.bash({command: c}); out.push("ran") } catch (e) { out.push(e.code + ": " + e.message) }
  }
  return out`;

const host = await connect(true);
const result = await host.client.callTool({ name: "codemode", arguments: { code } });
await host.client.close();

const bare = await connect(false);
const denied = await bare.client.callTool({ name: "codemode", arguments: { code: `try { await tools.bash({command: "touch bare"}) } catch (e) { return e.code + ": " + e.message }` } });
await bare.client.close();

console.log(JSON.stringify({ asked: host.asked, result: result.structuredContent, denied: denied.structuredContent }));
