/** One log line per request: id, method, path, status and milliseconds, whatever answered it. */
import { createMiddleware } from "hono/factory";
import type { Logger } from "../runtime/logger.ts";
import type { EdgeEnv } from "./context.ts";

export const accessLog = (logger: Logger) =>
  createMiddleware<EdgeEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        request_id: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
