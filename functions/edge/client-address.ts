/** The client address (c.var.ip) for limits, quotas and page views: X-Forwarded-For only as far as TRUST_PROXY. */
import { createMiddleware } from "hono/factory";
import { clientIp } from "../http/client-ip.ts";
import type { EdgeEnv } from "../http/request-context.ts";

export const clientAddress = (trustProxyHops: number) =>
  createMiddleware<EdgeEnv>(async (c, next) => {
    c.set("ip", clientIp(c.req.raw.headers, c.env?.remoteAddress, trustProxyHops));
    await next();
  });
