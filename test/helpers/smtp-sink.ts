/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 for the mail tests: it keeps every message it
 * accepts (envelope, raw text, parsed headers and parts), and `refuse` makes it answer RCPT TO with an error for
 * chosen addresses, so a test plays a relay that is down, deferring (4xx) or refusing for good (5xx).
 */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Header names lower-cased, folded lines joined. */
  headers: Map<string, string>;
  /** The bodies by content type (text/plain, text/html), quoted-printable soft breaks undone. */
  parts: Map<string, string>;
}

/** The SMTP reply to RCPT TO for an address, or null to accept it. */
export type Refusal = (address: string) => { code: number; message: string } | null;

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** RCPT TO commands seen, accepted or not, per address (lower case). */
  attempts: Map<string, number[]>;
  refuse: Refusal;
  /** Resolves once `count` messages have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** The messages to `to`, in order, once `count` of them have arrived (rejects after `timeoutMs`). */
  waitForMailsTo(to: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A port nothing listens on (yet): the relay that is down. */
export { freePort } from "../../bench/processes.ts";

function unfoldHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === "quoted-printable") {
    return body
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  if (encoding?.toLowerCase() === "base64") return Buffer.from(body, "base64").toString("utf8");
  return body;
}

/** Splits a message into its headers and its text parts (one level of multipart is all the mail here uses). */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const headers = unfoldHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const parts = new Map<string, string>();
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1, -1)) {
      const end = chunk.indexOf("\r\n\r\n");
      const partHeaders = unfoldHeaders(chunk.slice(0, end).trim());
      const partType = (partHeaders.get("content-type") ?? "text/plain").split(";")[0] ?? "";
      const text = decode(
        chunk.slice(end + 4).replace(/\r\n$/, ""),
        partHeaders.get("content-transfer-encoding"),
      );
      parts.set(partType.trim(), text);
    }
  } else {
    parts.set(type.split(";")[0]?.trim() ?? "", decode(body, headers.get("content-transfer-encoding")));
  }
  return { to, raw, headers, parts };
}

/** Starts the sink on `port` (default any free one). */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const attempts = new Map<string, number[]>();
  const waiters: (() => void)[] = [];
  const sink: Partial<SmtpSink> = { received, attempts, refuse: () => null };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      attempts.set(to, [...(attempts.get(to) ?? []), performance.now()]);
      const refusal = sink.refuse?.(to);
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        received.push(parseMail(Buffer.concat(chunks).toString("utf8"), to));
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const bound = (server.server.address() as { port: number }).port;
  /** `arrived()` once it holds `count` messages, woken by each message accepted. */
  async function arrivals(
    arrived: () => ReceivedMail[],
    count: number,
    timeoutMs: number,
    what: string,
  ): Promise<ReceivedMail[]> {
    const deadline = performance.now() + timeoutMs;
    while (arrived().length < count) {
      const left = deadline - performance.now();
      if (left <= 0)
        throw new Error(`${arrived().length} of ${count} ${what} arrived within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return arrived();
  }
  return Object.assign(sink, {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    waitFor: (count: number, timeoutMs = 15_000) => arrivals(() => received, count, timeoutMs, "messages"),
    waitForMailsTo: (to: string, count = 1, timeoutMs = 15_000) =>
      arrivals(() => received.filter((m) => m.to.includes(to)), count, timeoutMs, `mails to ${to}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as SmtpSink;
}
