import { writeFileSync } from "node:fs";
import { it } from "vitest";
import { startMcpHarness } from "./client.ts";
it("dump", async () => {
  const h = await startMcpHarness();
  const res = await fetch(`${h.url}/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" }) });
  const text = await res.text();
  writeFileSync(process.env.OUT ?? "/tmp/cats42b/tools.json", text);
  console.log("BYTES", text.length, Buffer.byteLength(text));
  await h.close();
});
