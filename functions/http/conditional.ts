/** Conditional requests (RFC 9110 §13), shared by the API's answers and the file handlers. */

/** Weak comparison (RFC 9110 §13.1.2): any listed tag, W/ or not, naming the same opaque tag; `*` matches. */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === opaque;
  });
}
