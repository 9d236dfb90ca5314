/**
 * Whether a browser sent a request from one of this service's own pages. Browsers name the page's origin in
 * `Origin` on every cross-origin request and every POST, and modern ones say `Sec-Fetch-Site`; a page elsewhere
 * can forge neither. A request with neither header comes from no browser page (a script, curl): nothing to check
 * there, as such a client could write any header it liked; the per-address limits bound it instead.
 */
import { originRefusal } from "./host-guard.ts";

/** Sec-Fetch-Site values of a request made by this service's own page, or typed by the user. */
const OWN_FETCH_SITES = new Set(["same-origin", "none"]);

/** Why `req` looks sent from another site's page, or undefined when it is this service's own (or no browser's). */
export function crossSiteRefusal(req: Request, allowedHosts: ReadonlySet<string>): string | undefined {
  const refused = originRefusal(req.headers.get("origin"), allowedHosts, []);
  if (refused) return refused;
  const site = req.headers.get("sec-fetch-site")?.trim().toLowerCase();
  if (site !== undefined && !OWN_FETCH_SITES.has(site)) {
    return `Sec-Fetch-Site ${JSON.stringify(site)}: this is only done from this site's own pages`;
  }
  return undefined;
}
