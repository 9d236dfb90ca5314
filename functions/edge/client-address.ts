/** The client address (ip) for limits, quotas and page views: X-Forwarded-For only as far as TRUST_PROXY. */
import { clientIp, type HeaderReader } from "../../runtime/client-ip.ts";
import type { EdgeStep } from "./step.ts";

/** Without a trusted proxy no header is read: nothing is made per request for it. */
const NO_HEADERS: HeaderReader = { get: () => undefined };

export const clientAddress = (trustProxyHops: number): EdgeStep => ({
  run(req) {
    const headers = trustProxyHops > 0 ? { get: (name: string) => req.header(name) } : NO_HEADERS;
    req.set("ip", clientIp(headers, req.remoteAddress, trustProxyHops));
    return undefined;
  },
});
