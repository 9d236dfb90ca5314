/** CORS preflight: any OPTIONS is answered 204 here, never counted (its quota headers are only peeked). */
import type { AccessControl } from "../../read/caller.ts";
import type { Logger } from "../../runtime/logger.ts";
import { peekQuietly } from "./caller-quota.ts";
import { CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS } from "./headers.ts";
import { answer, type EdgeRequest, type EdgeStep } from "./step.ts";

/** Custom rather than hono/cors: that one sends no Allow and adds Vary, and cannot peek the quota. */
export const corsPreflight = (access: AccessControl, logger: Logger): EdgeStep => {
  const preflight = async (req: EdgeRequest) => {
    await peekQuietly(req, access, { kind: "anonymous", ip: req.get("ip") }, logger);
    return answer(
      new Response(null, {
        status: 204,
        headers: {
          "access-control-allow-methods": CORS_ALLOW_METHODS,
          "access-control-allow-headers": CORS_ALLOW_HEADERS,
          "access-control-max-age": "86400",
          allow: CORS_ALLOW_METHODS,
        },
      }),
    );
  };
  return { run: (req) => (req.method === "OPTIONS" ? preflight(req) : undefined) };
};
