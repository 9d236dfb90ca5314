/**
 * The snapshot as served to data users, over real HTTP: listings, validators and 304, byte ranges, compression,
 * and bulk files for any client (the default-agent refusal is for /api and /mcp only).
 */
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CompressedCopies } from "../../../functions/edge/compressed-copies.ts";
import { type Harness, startHarness } from "../api/harness.ts";

// biome-ignore lint/suspicious/noExplicitAny: listings are checked field by field below
type Listing = any;

/** Text answers of each kind: snapshot JSON and CSV, a page, an API envelope. */
const COMPRESSED_PATHS = [
  "/snapshots/latest/conferences.json",
  "/snapshots/latest/conferences.csv",
  "/",
  "/api/conferences",
];

/** Raw bytes and headers (fetch would undo the content encoding). */
function raw(h: Harness, path: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(`${h.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** Same bytes; for an API envelope (its meta names the request) the same data. */
function expectSameContent(path: string, decoded: Buffer, plain: Buffer) {
  if (path.startsWith("/api/")) {
    expect(JSON.parse(decoded.toString()).data, path).toEqual(JSON.parse(plain.toString()).data);
  } else {
    expect(decoded.equals(plain), path).toBe(true);
  }
}

describe("the snapshot for data users", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      site: { "index.html": `<!doctype html><title>Home</title>${"<p>venue</p>".repeat(200)}` },
    });
  });
  afterAll(() => h.close());

  it("/snapshots/latest/ answers an index: JSON for scripts, HTML for people", async () => {
    const manifest = await (await h.get("/snapshots/latest/manifest.json")).json();
    const { res, body } = await h.json<Listing>("/snapshots/latest/", {
      headers: { accept: "application/json" },
    });
    expect(res.status).toBe(200);
    expect(body.date).toBe(manifest.date);
    expect(body.files.map((f: { name: string }) => f.name)).toEqual(
      manifest.files.map((f: { name: string }) => f.name),
    );
    for (const file of body.files) {
      expect(file).toMatchObject({ date: manifest.date, url: `/snapshots/latest/${file.name}` });
      expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
      const served = await raw(h, file.url);
      expect(Number(served.headers["content-length"]), file.name).toBe(file.bytes);
    }
    expect((await h.json<Listing>("/snapshots/latest/index.json")).body.files.length).toBe(body.files.length);
    const html = await h.get("/snapshots/latest/", { headers: { accept: "text/html" } });
    expect(html.headers.get("content-type")).toContain("text/html");
    expect(await html.text()).toContain('href="conferences.csv"');
  });

  it("/snapshots/ lists every snapshot kept, marking latest", async () => {
    const { res, body } = await h.json<Listing>("/snapshots/index.json");
    expect(res.status).toBe(200);
    expect(body.latest.url).toBe("/snapshots/latest/");
    expect(body.snapshots.length).toBeGreaterThan(0);
    expect(body.snapshots.filter((s: { latest: boolean }) => s.latest)).toHaveLength(1);
    const html = await (await h.get("/snapshots/")).text();
    expect(html).toContain(`href="${body.snapshots[0].date}/"`);
  });

  it("a conditional GET answers 304 (If-None-Match and If-Modified-Since)", async () => {
    const first = await h.get("/snapshots/latest/conferences.csv");
    await first.arrayBuffer();
    const etag = first.headers.get("etag") ?? "";
    const lastModified = first.headers.get("last-modified") ?? "";
    expect(etag).not.toBe("");
    expect(lastModified).not.toBe("");
    expect(
      (await h.get("/snapshots/latest/conferences.csv", { headers: { "if-none-match": etag } })).status,
    ).toBe(304);
    const since = await h.get("/snapshots/latest/conferences.csv", {
      headers: { "if-modified-since": lastModified },
    });
    expect(since.status).toBe(304);
    const stale = await h.get("/snapshots/latest/conferences.csv", {
      headers: { "if-none-match": '"other"' },
    });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it("a Range request answers 206 with exactly those bytes; past the end 416", async () => {
    const whole = await raw(h, "/snapshots/latest/conferences.parquet");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    const part = await raw(h, "/snapshots/latest/conferences.parquet", { range: "bytes=4-99" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 4-99/${whole.body.length}`);
    expect(part.body.equals(whole.body.subarray(4, 100))).toBe(true);
    const tail = await raw(h, "/snapshots/latest/conferences.parquet", { range: "bytes=-4" });
    expect(tail.body.toString("latin1")).toBe("PAR1");
    const past = await raw(h, "/snapshots/latest/conferences.parquet", {
      range: `bytes=${whole.body.length}-`,
    });
    expect(past.status).toBe(416);
    const changed = await raw(h, "/snapshots/latest/conferences.parquet", {
      range: "bytes=0-3",
      "if-range": '"old"',
    });
    expect(changed.status).toBe(200);
  });

  it("text answers are compressed for Accept-Encoding: br and gzip, with Vary: Accept-Encoding", async () => {
    for (const path of COMPRESSED_PATHS) {
      const plain = await raw(h, path);
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      expect(String(plain.headers.vary), path).toContain("Accept-Encoding");
      const br = await raw(h, path, { "accept-encoding": "gzip, deflate, br" });
      expect(br.headers["content-encoding"], path).toBe("br");
      expect(br.body.length, path).toBeLessThan(plain.body.length);
      expectSameContent(path, brotliDecompressSync(br.body), plain.body);
      const gz = await raw(h, path, { "accept-encoding": "gzip" });
      expect(gz.headers["content-encoding"], path).toBe("gzip");
      expectSameContent(path, gunzipSync(gz.body), plain.body);
    }
    const parquet = await raw(h, "/snapshots/latest/conferences.parquet", { "accept-encoding": "br" });
    expect(parquet.headers["content-encoding"]).toBeUndefined();
    const refused = await raw(h, "/snapshots/latest/conferences.csv", {
      "accept-encoding": "br;q=0, gzip;q=0",
    });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("serves a snapshot file's compressed copy made once: sized, the same bytes each time, HEAD without a body", async () => {
    const path = "/snapshots/latest/conferences.json";
    const first = await raw(h, path, { "accept-encoding": "br" });
    const second = await raw(h, path, { "accept-encoding": "br" });
    expect(first.headers["content-length"]).toBe(String(first.body.length));
    expect(second.body.equals(first.body)).toBe(true);
    expect(first.headers["accept-ranges"]).toBeUndefined();
    const head = await new Promise<{ length: string | undefined; bytes: number }>((resolve, reject) => {
      const req = request(
        `${h.url}${path}`,
        { method: "HEAD", headers: { "accept-encoding": "br" } },
        (res) => {
          let bytes = 0;
          res.on("data", (c: Buffer) => {
            bytes += c.length;
          });
          res.on("end", () => resolve({ length: res.headers["content-length"], bytes }));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(head).toEqual({ length: String(first.body.length), bytes: 0 });
    // A range is answered from the file itself, uncompressed.
    const range = await raw(h, path, { "accept-encoding": "br", range: "bytes=0-9" });
    expect(range.status).toBe(206);
    expect(range.headers["content-encoding"]).toBeUndefined();
  });

  it("a compressed answer still revalidates with 304", async () => {
    const br = await raw(h, "/snapshots/latest/conferences.json", { "accept-encoding": "br" });
    const etag = String(br.headers.etag);
    expect(etag.startsWith("W/")).toBe(true);
    const again = await raw(h, "/snapshots/latest/conferences.json", {
      "accept-encoding": "br",
      "if-none-match": etag,
    });
    expect(again.status).toBe(304);
  });

  it("a revalidation that matches makes no compressed copy: only an answer with a body does", async () => {
    const path = "/snapshots/latest/journals.json";
    const etag = String((await raw(h, path)).headers.etag);
    const compressions = vi.spyOn(CompressedCopies.prototype, "get");
    try {
      const again = await raw(h, path, { "accept-encoding": "gzip", "if-none-match": `W/${etag}` });
      expect(again.status).toBe(304);
      expect(compressions).not.toHaveBeenCalled();
      const full = await raw(h, path, { "accept-encoding": "gzip" });
      expect(full.headers["content-encoding"]).toBe("gzip");
      expect(compressions).toHaveBeenCalledTimes(1);
    } finally {
      compressions.mockRestore();
    }
  });

  it("the default Python user agent gets the CSV, and still 403 on /api", async () => {
    const ua = { "user-agent": "Python-urllib/3.12" };
    const csv = await h.get("/snapshots/latest/conferences.csv", { headers: ua });
    expect(csv.status).toBe(200);
    expect((await csv.text()).split("\n")[0]).toContain("detail_page");
    expect((await h.get("/snapshots/latest/", { headers: ua })).status).toBe(200);
    const api = await h.get("/api/conferences", { headers: ua });
    expect(api.status).toBe(403);
    expect(await api.text()).toContain("error code: 1010");
  });
});
