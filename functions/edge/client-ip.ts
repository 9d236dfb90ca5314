/**
 * The client address: the socket's peer, or, behind TRUST_PROXY trusted proxies, the address the outermost of
 * them saw (counted from the right of X-Forwarded-For, since entries to its left are whatever the client wrote).
 */
export function clientIp(req: Request, socketAddress: string | undefined, trustProxyHops: number): string {
  if (trustProxyHops > 0) {
    const hops = (req.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    const forwarded = hops[hops.length - trustProxyHops] ?? hops[0];
    if (forwarded) return normalizeAddress(forwarded);
  }
  return normalizeAddress(socketAddress ?? "unknown");
}

/** Dual-stack sockets report IPv4 peers as ::ffff:a.b.c.d; use the plain form. */
function normalizeAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
}
