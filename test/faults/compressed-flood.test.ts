/**
 * Brotli requests for a 3 MB snapshot file flooding from one address (45 a second, under the general per-second
 * limit) while another address reads pages and files: the file's compressed copy is made once and served from
 * memory, so the flood costs no compression per request and the reader keeps its latency. Real server and attacker
 * in processes of their own, real sockets, loopback only.
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { floodPastBystander, probeServerForFile } from "./serve-process.ts";

const RATE = 45;
const SECONDS = 10;
const BIG_FILE = "big.json";

/** A public file of about 3 MB of JSON rows (the size of today's conferences.json), listed in the manifest. */
async function addBigFile(snapshotsDir: string): Promise<number> {
  const rows = Array.from({ length: 12_000 }, (_, i) => ({
    id: String(100_000 + i),
    acronym: `V${i}`,
    title: `International Conference on Topic ${i % 97} and Applications ${i}`,
    ranks: { ccf: "ABC"[i % 3], core: ["A*", "A", "B", "C"][i % 4] },
    detail_page: `https://venues.test/conference/${100_000 + i}`,
    deadline: `2027-0${(i % 9) + 1}-1${i % 10}T23:59:59Z`,
  }));
  const text = `${JSON.stringify(rows, null, 1)}\n`;
  const dir = join(snapshotsDir, "latest");
  await writeFile(join(dir, BIG_FILE), text);
  const manifestPath = join(dir, "manifest.json");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
  const sha256 = createHash("sha256").update(text).digest("hex");
  manifest.files.push({ name: BIG_FILE, bytes: Buffer.byteLength(text), sha256 });
  await writeFile(manifestPath, JSON.stringify(manifest, null, 2));
  return Buffer.byteLength(text);
}

describe("brotli file flood from one address", () => {
  let bytes = 0;
  const served = probeServerForFile({}, async (fixture) => {
    bytes = await addBigFile(fixture.snapshotsDir);
  });

  it("answers every request from one compressed copy and keeps pages fast for another address", async () => {
    const files = await floodPastBystander(
      served().server,
      `/snapshots/latest/${BIG_FILE}`,
      { perSecond: RATE, seconds: SECONDS, headers: { "accept-encoding": "br", "user-agent": "flood-test" } },
      `brotli flood of a ${(bytes / 1e6).toFixed(1)} MB file,`,
    );
    expect(files.statuses).toEqual({ "200": RATE * SECONDS });
    // Each answer is the copy made once, sized beforehand, not a compression of its own streamed out.
    expect(files.sized).toBe(RATE * SECONDS);
  });
});
