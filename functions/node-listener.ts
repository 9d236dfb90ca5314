/**
 * The Node request listener of the server (startServer): in front of the app, the kept-answer lane answers what it
 * can (edge/kept-answers.ts); the rest goes through @hono/node-server's bridge to the app with what was learnt on
 * the way (ConnectionInfo), among it a reader of a body whose Content-Length the route allows
 * (edge/request-body.ts declaredBodyReader), so the app's body step reads bytes from the socket, not a web stream.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Logger } from "../runtime/logger.ts";
import { bytesSent } from "./edge/access-log.ts";
import type { KeptAnswerLane } from "./edge/kept-answers.ts";
import { declaredBodyReader } from "./edge/request-body.ts";
import type { ConnectionInfo, EdgeHandler } from "./http/request-context.ts";

export function nodeListener(handler: EdgeHandler, lane: KeptAnswerLane, logger: Logger): RequestListener {
  const readers = new WeakMap<object, ConnectionInfo["readBody"]>();
  const bridge = getRequestListener((req, env) =>
    handler(req, {
      remoteAddress: env.incoming.socket.remoteAddress,
      sent: bytesSent(env.outgoing),
      readBody: readers.get(env.incoming),
    }),
  );
  const toApp = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const readBody = declaredBodyReader(incoming);
    if (readBody) readers.set(incoming, readBody);
    void bridge(incoming, outgoing);
  };
  return (incoming, outgoing) => {
    const laneWork = lane(incoming, outgoing);
    if (laneWork === false) return toApp(incoming, outgoing);
    void laneWork.catch((err: unknown) => {
      logger.error({ err }, "the kept-answer lane failed");
      // Nothing written yet: the app answers; else the connection is cut rather than answered twice.
      if (!outgoing.headersSent) toApp(incoming, outgoing);
      else outgoing.destroy();
    });
  };
}
