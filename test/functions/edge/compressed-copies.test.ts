import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompressedCopies } from "../../../functions/edge/compressed-copies.ts";

describe("compressed copies of snapshot files", () => {
  let dir: string;
  const text = JSON.stringify(
    Array.from({ length: 2000 }, (_, i) => ({ id: String(i), name: `Venue ${i}` })),
  );
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "vd-copies-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("compresses a file content once per encoding, however often and however concurrently it is asked for", async () => {
    const path = join(dir, "conferences.json");
    await writeFile(path, text);
    const copies = new CompressedCopies();
    const first = await Promise.all(Array.from({ length: 10 }, () => copies.get(path, "sha-1", "br")));
    expect(new Set(first).size).toBe(1);
    expect(brotliDecompressSync(first[0] as Buffer).toString()).toBe(text);
    expect(gunzipSync(await copies.get(path, "sha-1", "gzip")).toString()).toBe(text);
    // Gone from disk, the content is still served from its copies: nothing is read or compressed again.
    await rm(path);
    expect(await copies.get(path, "sha-1", "br")).toBe(first[0]);
    // Another content (another sha256) is a new copy, and needs the file.
    await expect(copies.get(path, "sha-2", "br")).rejects.toThrow(/ENOENT/);
  });
});
