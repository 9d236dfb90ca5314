/**
 * Open CORS in a real browser (Debian's chromium through playwright-core): a page served by another server, on
 * another origin (host page.example, mapped to loopback, another port), fetches a search, a 401 and a 429 from
 * the API and reads each answer's status, body and exposed headers.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumForFile, HAS_CHROMIUM } from "../../helpers/chromium.ts";
import { fakeAccess, type Harness, startHarness } from "../api/harness.ts";

const PAGE_HOST = "page.example";

interface Read {
  status: number;
  code: number;
  total?: number;
  remaining: string | null;
  retryAfter: string | null;
}

describe.skipIf(!HAS_CHROMIUM)("the API from a page on another origin, in Chromium", () => {
  let api: Harness;
  let pageServer: Server;
  let pageUrl: string;

  beforeAll(async () => {
    api = await startHarness({ overrides: { access: fakeAccess(2) } });
    pageServer = createServer((_, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>A notebook elsewhere</title>");
    });
    await new Promise<void>((listening) => pageServer.listen(0, "127.0.0.1", listening));
    pageUrl = `http://${PAGE_HOST}:${(pageServer.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await new Promise((closed) => pageServer?.close(closed));
    await api?.close();
  });

  const browser = chromiumForFile([`--host-resolver-rules=MAP ${PAGE_HOST} 127.0.0.1`]);

  it("reads a search, a 401 and a 429 (with Retry-After) cross-origin", async () => {
    const page = await browser().newPage();
    await page.goto(pageUrl);
    expect(new URL(page.url()).origin).not.toBe(new URL(api.url).origin);
    const answers = await page.evaluate(async (base): Promise<Read[]> => {
      const read = async (path: string, headers: Record<string, string> = {}): Promise<Read> => {
        const res = await fetch(`${base}${path}`, { headers });
        const body = await res.json();
        return {
          status: res.status,
          code: body.code,
          total: body.data?.pagination?.total,
          remaining: res.headers.get("x-quota-remaining"),
          retryAfter: res.headers.get("retry-after"),
        };
      };
      return [
        await read("/api/conferences?query=icse"),
        await read("/api/conferences/101", { authorization: "Bearer not-a-key" }),
        await read("/api/statistics"),
        await read("/api/statistics"),
      ];
    }, api.url);
    const [search, unauthorized, lastAllowed, overQuota] = answers;
    expect(search).toMatchObject({ status: 200, code: 200, remaining: "1" });
    expect(search?.total).toBeGreaterThan(0);
    expect(unauthorized).toMatchObject({ status: 401, code: 401 });
    expect(lastAllowed).toMatchObject({ status: 200, remaining: "0" });
    expect(overQuota).toMatchObject({ status: 429, code: 429, retryAfter: "3600" });
    await page.close();
  });
});
