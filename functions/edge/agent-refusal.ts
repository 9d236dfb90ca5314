/**
 * Refusal of the default User-Agents of HTTP libraries (agents.ts) on /api and /mcp → 403 "error code: 1010".
 * Pages, feeds and snapshot files are meant for any client.
 */
import { createMiddleware } from "hono/factory";
import type { AccessControl } from "../http/caller.ts";
import { isApiPath } from "../http/paths.ts";
import type { EdgeEnv } from "../http/request-context.ts";
import type { Logger } from "../runtime/logger.ts";
import { blockedAgentTest } from "./agents.ts";
import { peekQuietly } from "./caller-quota.ts";
import { refusal } from "./refusal.ts";

const AGENT_REFUSAL =
  "error code: 1010. Requests with the default User-Agent of an HTTP library are refused; " +
  "send a descriptive User-Agent naming your tool and a contact.";

export const agentRefusal = (access: AccessControl, blockedAgents: readonly string[], logger: Logger) => {
  const isBlocked = blockedAgentTest(blockedAgents);
  return createMiddleware<EdgeEnv>(async (c, next) => {
    const path = c.req.path;
    if (!isApiPath(path) || !isBlocked(c.req.header("user-agent") ?? null)) return next();
    await peekQuietly(c, access, { kind: "anonymous", ip: c.get("ip") }, logger);
    return refusal(path, 403, AGENT_REFUSAL, c.get("requestId"));
  });
};
