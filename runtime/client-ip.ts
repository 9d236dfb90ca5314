/**
 * The client address, for anonymous quotas and the request log. X-Forwarded-For is believed only as far as TRUST_PROXY
 * allows: each trusted proxy appends the address it saw, so with n trusted hops the client is the n-th entry from
 * the right; anything further left could have been written by the client itself.
 */
import { isIPv4, isIPv6 } from "node:net";

export interface HeaderReader {
  get(name: string): string | null | undefined;
}

const UNKNOWN_IP = "unknown";

/**
 * Strips brackets, ports and zone ids, and turns an IPv4-mapped IPv6 address into its IPv4 one in every spelling
 * (::ffff:1.2.3.4, ::ffff:102:304, 0:0:0:0:0:ffff:0102:0304), so one client is one address; null when it is not
 * an IP address.
 */
export function normalizeIp(raw: string): string | null {
  // Most addresses arrive as a plain IPv4 one, with nothing to strip or rewrite.
  if (isIPv4(raw)) return raw;
  let ip = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed?.[1]) ip = bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(ip);
  if (v4WithPort?.[1]) ip = v4WithPort[1];
  ip = ip.replace(/%.*$/, "").toLowerCase();
  if (isIPv4(ip)) return ip;
  return isIPv6(ip) ? (mappedIPv4(ip) ?? ip) : null;
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:0:0/96), whatever its spelling; else null. */
function mappedIPv4(ip: string): string | null {
  const groups = ipv6Groups(ip).map((g) => Number.parseInt(g, 16));
  if (groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

export function clientIp(
  headers: HeaderReader,
  socketAddress: string | undefined,
  trustProxyHops: number,
): string {
  const direct = (socketAddress && normalizeIp(socketAddress)) || UNKNOWN_IP;
  if (trustProxyHops <= 0) return direct;
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (hops.length === 0) return direct;
  const entry = hops[Math.max(hops.length - trustProxyHops, 0)] ?? "";
  return normalizeIp(entry) ?? direct;
}

/** Expands an IPv6 address to its eight 16-bit groups. */
function ipv6Groups(ip: string): string[] {
  let text = ip;
  const v4Tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4Tail?.[1]) {
    const [a, b, c, d] = v4Tail[1].split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4Tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => g.padStart(4, "0"));
}

/**
 * The bucket an anonymous quota counts against: the IPv4 address, or the /64 network of an IPv6 address, since
 * one IPv6 user usually holds a whole /64 and could otherwise rotate through it.
 */
export function quotaSubject(ip: string): string {
  if (ip !== lastAsked) {
    lastAsked = ip;
    lastSubject = subjectOf(ip);
  }
  return lastSubject;
}

/**
 * The last address asked and its subject: one request asks for it several times (per-second limit, fair turns,
 * quota), and an IPv6 address costs several parses.
 */
let lastAsked = "";
let lastSubject = "";

function subjectOf(ip: string): string {
  const address = normalizeIp(ip) ?? ip;
  // Every IPv6 address has a colon: the costly check is left to those that do.
  if (!address.includes(":") || !isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}
