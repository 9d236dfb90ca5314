import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPubliclyCacheable, PAGE_CSP } from "../../../functions/edge/headers.ts";
import type { Logger } from "../../../runtime/logger.ts";
import { ACCOUNT, fakeAccess, fakeActivity, type Harness, startHarness } from "../api/harness.ts";

const INLINE_SCRIPT = 'document.body.dataset.ready = "1";';
const SITE = {
  "index.html": "<!doctype html><title>Home</title>",
  "about.html": "<!doctype html><title>About</title>",
  "search.html": `<!doctype html><title>Search</title><script type="module">${INLINE_SCRIPT}</script><script src="/_astro/x.js"></script>`,
  "conference/101/index.html": "<!doctype html><title>ICML</title>",
  "conference/101.md": "# ICML\n",
  "404.html": "<!doctype html><title>Not here</title>",
  "_astro/app.abc123.css": "body{}",
  ".well-known/api-catalog": '{"linkset":[]}',
};

/** Pages, a snapshot file and the site 404. */
const SERVED_PATHS = ["/", "/about", "/conference/101", "/snapshots/latest/conferences.csv", "/missing-page"];

/** The headers every response must carry, whatever produced it. */
function expectCommonHeaders(res: Response, label: string) {
  const h = res.headers;
  // Publicly cacheable answers carry none: a shared cache would hand one request's id to everyone.
  if (isPubliclyCacheable(h.get("cache-control"))) expect(h.get("x-request-id"), label).toBeNull();
  else expect(h.get("x-request-id"), label).toBeTruthy();
  expect(h.get("access-control-allow-origin"), label).toBe("*");
  const exposed = h.get("access-control-expose-headers") ?? "";
  for (const name of ["X-Quota-Limit", "X-Quota-Remaining", "Retry-After", "X-Request-Id"]) {
    expect(exposed, label).toContain(name);
  }
  expect(h.get("x-content-type-options"), label).toBe("nosniff");
  expect(h.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
  expect(h.get("x-frame-options"), label).toBe("DENY");
  expect(h.get("content-security-policy"), label).toContain("frame-ancestors 'none'");
  expect(h.get("x-quota-limit"), label).toMatch(/^\d+$/);
  expect(h.get("x-quota-remaining"), label).toMatch(/^\d+$/);
  expect(h.get("x-powered-by"), label).toBeNull();
  expect(h.get("server"), label).toBeNull();
}

describe("edge chain on every kind of response", () => {
  let h: Harness;
  let views: { kind: string; id: string }[];
  const errors: object[] = [];
  const logger: Logger = { info() {}, warn() {}, error: (details) => errors.push(details) };

  beforeAll(async () => {
    const fake = fakeActivity({});
    views = fake.views;
    const activity = {
      ...fake.activity,
      summary: async (kind: "conference" | "journal", id: string) => {
        if (id === "110") throw new Error("activity store exploded: secret-connection-string");
        return fake.activity.summary(kind, id);
      },
    };
    h = await startHarness({ site: SITE, overrides: { access: fakeAccess(), activity, logger } });
  });
  afterAll(() => h.close());

  it("JSON success, validation error, 401, 404 and 405 under /api are envelopes with the common headers", async () => {
    const cases: [string, RequestInit | undefined, number, number][] = [
      ["/api/conferences", undefined, 200, 200],
      ["/api/statistics", undefined, 200, 200],
      ["/api/conferences?ccf_rank=z", undefined, 200, 400],
      ["/api/conferences/101", undefined, 401, 401],
      ["/api/nowhere", undefined, 404, 404],
      ["/api", undefined, 404, 404],
      ["/api/conferences/rankings/cfp/extra", undefined, 404, 404],
      ["/api/conferences", { method: "DELETE" }, 405, 405],
      ["/api/statistics", { method: "POST" }, 405, 405],
      ["/api/conferences/101", { method: "PUT", headers: ACCOUNT }, 405, 405],
    ];
    for (const [path, init, status, code] of cases) {
      const label = `${init?.method ?? "GET"} ${path}`;
      const res = await h.get(path, init);
      expect(res.status, label).toBe(status);
      expect(res.headers.get("content-type"), label).toMatch(/^application\/json/);
      expect(res.headers.get("content-security-policy"), label).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expectCommonHeaders(res, label);
      const body = await res.json();
      expect(Object.keys(body), label).toEqual(["code", "message", "data", "request_id"]);
      expect(body.code, label).toBe(code);
      expect(body.request_id, label).toBe(res.headers.get("x-request-id"));
      if (status === 405) expect(res.headers.get("allow"), label).toMatch(/GET/);
    }
  });

  it("HEAD on an API route answers without a body", async () => {
    const res = await h.get("/api/statistics", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    expectCommonHeaders(res, "HEAD");
  });

  it("pages, snapshot files and the site 404 carry the common headers; pages get the page CSP", async () => {
    for (const path of SERVED_PATHS) {
      const res = await h.get(path);
      expectCommonHeaders(res, path);
      await res.arrayBuffer();
    }
    const page = await h.get("/about");
    expect(page.headers.get("content-security-policy")).toBe(PAGE_CSP);
    await page.text();
  });

  it("lets a page's own inline scripts run by listing their hashes in its CSP", async () => {
    const res = await h.get("/search");
    await res.text();
    const hash = createHash("sha256").update(INLINE_SCRIPT).digest("base64");
    expect(res.headers.get("content-security-policy")).toContain(`script-src 'self' 'sha256-${hash}';`);
    const scriptSrc = (res.headers.get("content-security-policy") ?? "")
      .split(";")
      .find((d) => d.trim().startsWith("script-src"));
    expect(scriptSrc).not.toContain("unsafe-inline");
  });

  it("answers CORS preflight without counting it", async () => {
    const before = await h.get("/api/conferences");
    const remaining = Number(before.headers.get("x-quota-remaining"));
    const res = await h.get("/api/conferences", {
      method: "OPTIONS",
      headers: {
        origin: "https://elsewhere.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(res.status).toBe(204);
    expectCommonHeaders(res, "preflight");
    expect(res.headers.get("access-control-allow-methods")).toContain("GET");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    expect(Number(res.headers.get("x-quota-remaining"))).toBe(remaining);
  });

  it("honours a sane incoming X-Request-Id and replaces anything else", async () => {
    const kept = await h.json("/api/statistics", { headers: { "x-request-id": "client-req-0001" } });
    expect(kept.res.headers.get("x-request-id")).toBe("client-req-0001");
    expect(kept.body.request_id).toBe("client-req-0001");
    for (const bad of ["short", "has spaces in it", "x".repeat(200), "<script>alert(1)</script>"]) {
      const res = await h.get("/api/statistics", { headers: { "x-request-id": bad } });
      expect(res.headers.get("x-request-id")).not.toBe(bad);
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    // A publicly cacheable page echoes none: a shared cache would serve this client's id to everyone.
    const page = await h.get("/about", { headers: { "x-request-id": "client-req-0002" } });
    expect(page.headers.get("cache-control")).toContain("public");
    expect(page.headers.get("x-request-id")).toBeNull();
  });

  it("an internal fault is a 500 envelope with the request id and no internals, and is logged", async () => {
    const { res, body } = await h.json("/api/conferences/110", { headers: ACCOUNT });
    expect(res.status).toBe(500);
    expect(body.code).toBe(500);
    expect(body.data).toBeNull();
    expect(body.message).toContain(body.request_id);
    expect(JSON.stringify(body)).not.toContain("exploded");
    expect(JSON.stringify(body)).not.toContain("secret");
    expectCommonHeaders(res, "500");
    expect(errors.some((e) => (e as { request_id?: string }).request_id === body.request_id)).toBe(true);
  });

  it("serves the static site: index, .html, directory index, Markdown rendition and negotiation", async () => {
    const home = await h.get("/");
    expect(await home.text()).toContain("<title>Home</title>");
    expect(home.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await (await h.get("/about")).text()).toContain("About");
    expect(await (await h.get("/about.html")).text()).toContain("About");
    expect(await (await h.get("/conference/101")).text()).toContain("<title>ICML</title>");
    const md = await h.get("/conference/101.md");
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await md.text()).toBe("# ICML\n");
    const negotiated = await h.get("/conference/101", { headers: { accept: "text/markdown" } });
    expect(await negotiated.text()).toBe("# ICML\n");
    expect(negotiated.headers.get("vary")).toBe("Accept, Accept-Encoding");
    const browser = await h.get("/conference/101", { headers: { accept: "text/html,text/markdown;q=0.5" } });
    expect(await browser.text()).toContain("<title>ICML</title>");
    const asset = await h.get("/_astro/app.abc123.css");
    expect(asset.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    await asset.text();
    const catalog = await h.get("/.well-known/api-catalog");
    expect(catalog.headers.get("content-type")).toBe("application/linkset+json");
    await catalog.text();
  });

  it("counts a venue page view once per address and day (reloads cannot make a page trend)", async () => {
    for (let i = 0; i < 5; i++)
      await h.get(i % 2 ? "/conference/101" : "/conference/101.md").then((r) => r.text());
    await h.get("/about").then((r) => r.text());
    expect(views.filter((v) => v.kind === "conference" && v.id === "101")).toHaveLength(1);
    expect(views.every((v) => v.id === "101")).toBe(true);
  });

  it("answers oversized URLs and headers with an envelope (431), and oversized bodies 413", async () => {
    const oversized: { path: string; headers: Record<string, string> }[] = [
      { path: `/api/conferences?q=${"a".repeat(20_000)}`, headers: {} },
      { path: "/api/conferences", headers: { "x-big": "b".repeat(20_000) } },
    ];
    for (const init of oversized) {
      const res = await fetch(`${h.url}${init.path}`, { headers: init.headers });
      expect(res.status).toBe(431);
      expect(await res.json()).toMatchObject({ code: 431, data: null });
    }
    const body = await h.get("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.org", password: "x".repeat(20_000) }),
    });
    expect(body.status).toBe(413);
    expect(await body.json()).toMatchObject({ code: 413 });
  });

  it("answers HEAD with headers only, also when the parser refuses it (431)", async () => {
    const { port } = new URL(h.url);
    const raw = await new Promise<string>((resolve) => {
      let received = "";
      const socket = connect({ host: "127.0.0.1", port: Number(port) }, () =>
        socket.write(`HEAD /api/statistics?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
      );
      socket.on("data", (chunk: Buffer) => {
        received += chunk.toString("latin1");
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve(received));
    });
    const [head, body] = raw.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-length: [1-9]/i);
    expect(body).toBe("");
  });

  it("answers missing pages with the site's 404 page and refuses path traversal", async () => {
    const missing = await h.get("/no/such/page");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Not here");
    for (const path of ["/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/conference/%00"]) {
      const res = await h.get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("root:");
    }
    const post = await h.get("/about", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("serves public snapshot files only, with manifest ETags, 304 and HEAD", async () => {
    const manifest = JSON.parse(await readFile(join(h.snapshotsDir, "latest", "manifest.json"), "utf8"));
    for (const file of manifest.files as { name: string; sha256: string; bytes: number }[]) {
      for (const folder of ["latest", manifest.date]) {
        // The identity encoding carries the manifest's strong ETag (a compressed answer's is weak).
        const res = await h.get(`/snapshots/${folder}/${file.name}`, {
          headers: { "accept-encoding": "identity" },
        });
        expect(res.status, file.name).toBe(200);
        expect(res.headers.get("etag")).toBe(`"${file.sha256}"`);
        expect((await res.arrayBuffer()).byteLength).toBe(file.bytes);
      }
    }
    const parquet = await h.get(`/snapshots/${manifest.date}/conferences.parquet`);
    expect(parquet.headers.get("content-type")).toBe("application/vnd.apache.parquet");
    expect(parquet.headers.get("cache-control")).toBe("public, max-age=86400");
    await parquet.arrayBuffer();
    const json = await h.get("/snapshots/latest/conferences.json");
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const etag = json.headers.get("etag") ?? "";
    await json.text();
    const notModified = await h.get("/snapshots/latest/conferences.json", {
      headers: { "if-none-match": etag },
    });
    expect(notModified.status).toBe(304);
    expectCommonHeaders(notModified, "304");
    const head = await h.get("/snapshots/latest/journals.csv", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await head.text()).toBe("");
    const m = await h.get("/snapshots/latest/manifest.json");
    expect((await m.json()).version).toBe(manifest.version);
  });

  it("never serves internal snapshot files", async () => {
    const manifest = JSON.parse(await readFile(join(h.snapshotsDir, "latest", "manifest.json"), "utf8"));
    expect(manifest.internal_files.length).toBeGreaterThan(0);
    for (const file of manifest.internal_files as { name: string }[]) {
      for (const folder of ["latest", manifest.date]) {
        const res = await h.get(`/snapshots/${folder}/${file.name}`);
        expect(res.status, `${folder}/${file.name}`).toBe(404);
        expect(await res.text()).not.toContain("website");
      }
    }
    for (const path of [
      "/snapshots/1999-01-01/conferences.json",
      "/snapshots/1999-01-01/",
      "/snapshots/latest",
    ]) {
      const res = await h.get(path);
      expect(res.status, path).toBe(404);
      await res.text();
    }
  });

  it("/mcp without an MCP module is a 404 envelope", async () => {
    const { res, body } = await h.json("/mcp", { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
    expect(body.code).toBe(404);
  });
});

describe("refusal of default script User-Agents", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ site: SITE });
  });
  afterAll(() => h.close());

  const REFUSED = [
    "Python-urllib/3.11",
    "python-requests/2.32.3",
    "Python/3.12 aiohttp/3.9.5",
    "libwww-perl/6.72",
    "lwp-trivial/6.72",
    "Go-http-client/1.1",
    "Go-http-client/2.0",
    "Java/17.0.2",
    "Java-http-client/21.0.1",
    "Apache-HttpClient/4.5.14 (Java/17)",
    "okhttp/4.12.0",
  ];
  const ALLOWED = [
    "curl/8.5.0",
    "Wget/1.21.4",
    "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
    "MyLab-Sync/1.0 (+mailto:lab@example.org) python-requests/2.32.3",
    "node",
  ];

  it("refuses library defaults with 403 and 'error code: 1010' on the API and MCP", async () => {
    for (const ua of REFUSED) {
      for (const path of ["/api/conferences", "/mcp"]) {
        const res = await h.get(path, { headers: { "user-agent": ua } });
        expect(res.status, `${ua} ${path}`).toBe(403);
        expectCommonHeaders(res, ua);
        expect(await res.text(), ua).toContain("error code: 1010");
      }
    }
    const api = await h.json("/api/statistics", { headers: { "user-agent": "Python-urllib/3.11" } });
    expect(api.body).toMatchObject({ code: 403, data: null });
  });

  it("serves pages, feeds and snapshot files to library defaults (bulk use: pandas.read_csv(url))", async () => {
    for (const ua of REFUSED) {
      for (const path of ["/", "/snapshots/latest/manifest.json", "/snapshots/latest/conferences.csv"]) {
        const res = await h.get(path, { headers: { "user-agent": ua } });
        expect(res.status, `${ua} ${path}`).toBe(200);
        await res.arrayBuffer();
      }
    }
    const csv = await h.get("/snapshots/latest/conferences.csv", {
      headers: { "user-agent": "Python-urllib/3.11" },
    });
    expect((await csv.text()).split("\n")[0]).toContain("detail_page");
  });

  it("lets descriptive agents, browsers and interactive tools through", async () => {
    for (const ua of ALLOWED) {
      const res = await h.get("/api/statistics", { headers: { "user-agent": ua } });
      expect(res.status, ua).toBe(200);
      await res.text();
    }
  });

  it("default anonymous access: any credential is invalid (401), default login and researchers refuse", async () => {
    const bearer = await h.json("/api/conferences", { headers: { authorization: "Bearer anything" } });
    expect(bearer.res.status).toBe(401);
    const paid = await h.json("/api/conferences/101", { headers: { "x-paid-access": "forged" } });
    expect(paid.res.status).toBe(401);
    const login = await h.postJson("/api/login", { email: "a@example.org", password: "pw" });
    expect(login.res.status).toBe(200);
    expect(login.body.code).toBe(401);
    const researcher = await h.json("/api/researchers/r1");
    expect(researcher.res.status).toBe(401);
  });

  it("with the empty activity store the popularity lists hold every venue at a count of 0, trending none", async () => {
    for (const [ranking, extra] of [
      ["most_viewed", "views_30d"],
      ["most_tracked", "trackers_count"],
      ["most_attended", "attendees_count"],
    ] as const) {
      const { body } = await h.json(`/api/conferences/rankings/${ranking}`);
      expect(body.code).toBe(200);
      expect(body.data.conferences.length, ranking).toBeGreaterThan(0);
      for (const row of body.data.conferences) expect(row[extra], ranking).toBe(0);
    }
    const { body: trending } = await h.json("/api/conferences/rankings/trending");
    expect(trending.data.conferences).toEqual([]);
    for (const [ranking, extra] of [
      ["most_viewed", "views_30d"],
      ["most_tracked", "trackers_count"],
    ] as const) {
      const { body } = await h.json(`/api/journals/rankings/${ranking}`);
      expect(body.data.journals.length, ranking).toBeGreaterThan(0);
      for (const row of body.data.journals) expect(row[extra], ranking).toBe(0);
    }
  });
});

describe("BLOCKED_AGENTS replaces the default list", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { BLOCKED_AGENTS: "EvilBot, Go-http-client" } });
  });
  afterAll(() => h.close());

  it("refuses only the configured products", async () => {
    expect((await h.get("/api/statistics", { headers: { "user-agent": "EvilBot/2.0" } })).status).toBe(403);
    expect((await h.get("/api/statistics", { headers: { "user-agent": "evilbot" } })).status).toBe(403);
    expect((await h.get("/api/statistics", { headers: { "user-agent": "Go-http-client/1.1" } })).status).toBe(
      403,
    );
    expect((await h.get("/api/statistics", { headers: { "user-agent": "EvilBotanist/1.0" } })).status).toBe(
      200,
    );
    expect((await h.get("/api/statistics", { headers: { "user-agent": "Python-urllib/3.11" } })).status).toBe(
      200,
    );
  });
});

describe("anonymous daily quota", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ site: SITE, env: { ANON_DAILY_QUOTA: "3" } });
  });
  afterAll(() => h.close());

  it("API calls consume, pages and files only peek, then 429 with Retry-After to UTC midnight", async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.get("/api/statistics");
      expect(res.status).toBe(200);
      expect(res.headers.get("x-quota-limit")).toBe("3");
      remaining.push(res.headers.get("x-quota-remaining") ?? "");
      await res.text();
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const page = await h.get("/about");
    expect(page.status).toBe(200);
    expect(page.headers.get("x-quota-remaining")).toBe("0");
    const doc = await h.get("/api/openapi.json");
    expect(doc.status).toBe(200);
    await doc.text();
    const { res, body } = await h.json("/api/conferences");
    expect(res.status).toBe(429);
    expect(body.code).toBe(429);
    expect(body.request_id).toBe(res.headers.get("x-request-id"));
    // The clock is pinned to 12:00 UTC.
    expect(res.headers.get("retry-after")).toBe(String(12 * 3600));
    expect(res.headers.get("x-quota-remaining")).toBe("0");
    expectCommonHeaders(res, "429");
  });

  it("ignores X-Forwarded-For without TRUST_PROXY", async () => {
    const res = await h.get("/api/statistics", { headers: { "x-forwarded-for": "198.51.100.7" } });
    expect(res.status).toBe(429);
    await res.text();
  });
});

describe("TRUST_PROXY", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { ANON_DAILY_QUOTA: "1", TRUST_PROXY: "1" } });
  });
  afterAll(() => h.close());

  it("counts per forwarded client address (the hop the proxy appended)", async () => {
    const as = (xff: string) => h.get("/api/statistics", { headers: { "x-forwarded-for": xff } });
    expect((await as("203.0.113.5")).status).toBe(200);
    expect((await as("203.0.113.5")).status).toBe(429);
    expect((await as("203.0.113.6")).status).toBe(200);
    // A client-written left-most entry does not buy a fresh quota.
    expect((await as("10.0.0.1, 203.0.113.6")).status).toBe(429);
  });
});

describe("account quota", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ overrides: { access: fakeAccess(1000, 1) } });
  });
  afterAll(() => h.close());

  it("an exhausted account gets 402 with Retry-After", async () => {
    expect((await h.get("/api/statistics", { headers: ACCOUNT })).status).toBe(200);
    const { res, body } = await h.json("/api/statistics", { headers: ACCOUNT });
    expect(res.status).toBe(402);
    expect(body.code).toBe(402);
    expect(res.headers.get("retry-after")).toBe("3600");
    expect(res.headers.get("x-quota-limit")).toBe("1");
  });
});
