/** The client address (ip) for limits, quotas and page views: X-Forwarded-For only as far as TRUST_PROXY. */
import { clientIp } from "../http/client-ip.ts";
import type { EdgeStep } from "./step.ts";

export const clientAddress = (trustProxyHops: number): EdgeStep => ({
  run(req) {
    req.set("ip", clientIp({ get: (name) => req.header(name) }, req.remoteAddress, trustProxyHops));
    return undefined;
  },
});
