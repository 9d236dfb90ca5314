/**
 * The base of every absolute link (`detail_page`, feeds, sitemap), shared by the server, the snapshot build and
 * the site build so they agree: PUBLIC_BASE_URL, else the local server on PORT (4321); no trailing slash.
 */
export const DEFAULT_PORT = 4321;

export function publicBaseUrl(env: Record<string, string | undefined>): string {
  const explicit = env.PUBLIC_BASE_URL?.trim();
  return (explicit || `http://localhost:${env.PORT?.trim() || DEFAULT_PORT}`).replace(/\/+$/, "");
}
