/** The compression step's choice, apart from the HTTP tests that see its effect (compressed-copies, bulk-http). */
import { describe, expect, it } from "vitest";
import { compressResponse } from "../../../functions/edge/compression.ts";

describe("compressResponse", () => {
  it("leaves a small answer alone without reading its body (which would turn a lightweight answer into a stream)", () => {
    const res = new Response('{"a":1}', {
      headers: { "content-type": "application/json", "content-length": "7" },
    });
    let bodyReads = 0;
    Object.defineProperty(res, "body", {
      get() {
        bodyReads += 1;
        return null;
      },
    });
    const req = new Request("http://venues.test/api/statistics", {
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(compressResponse(req, res)).toBe(res);
    expect(bodyReads).toBe(0);
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
  });
});
