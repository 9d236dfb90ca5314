/**
 * Refusal of the default User-Agents of HTTP libraries (agents.ts) on /api and /mcp → 403 "error code: 1010".
 * Pages, feeds and snapshot files are meant for any client.
 */
import type { AccessControl } from "../../read/caller.ts";
import type { Logger } from "../../runtime/logger.ts";
import { isApiPath } from "../http/paths.ts";
import { blockedAgentTest } from "./agents.ts";
import { peekQuietly } from "./caller-quota.ts";
import { refusal } from "./refusal.ts";
import { answer, type EdgeRequest, type EdgeStep } from "./step.ts";

const AGENT_REFUSAL =
  "error code: 1010. Requests with the default User-Agent of an HTTP library are refused; " +
  "send a descriptive User-Agent naming your tool and a contact.";

export const agentRefusal = (
  access: AccessControl,
  blockedAgents: readonly string[],
  logger: Logger,
): EdgeStep => {
  const isBlocked = blockedAgentTest(blockedAgents);
  const refuses: EdgeStep["refuses"] = (req) =>
    isApiPath(req.path) && isBlocked(req.header("user-agent") ?? null);
  const refuse = async (req: EdgeRequest) => {
    await peekQuietly(req, access, { kind: "anonymous", ip: req.get("ip") }, logger);
    return answer(refusal(req.path, 403, AGENT_REFUSAL, req.get("requestId")));
  };
  // Not async: most requests pass without waiting a turn of the event loop.
  return { refuses, run: (req) => (refuses(req) ? refuse(req) : undefined) };
};
