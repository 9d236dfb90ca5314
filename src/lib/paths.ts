/** URLs of the site's own pages and files, relative and absolute. */
import { settings } from "./settings.ts";

export type VenueKind = "conference" | "journal";

/** The canonical detail page of a venue (the `detail_page` path). */
export const venuePath = (kind: VenueKind, id: string) => `/${kind}/${encodeURIComponent(id)}`;

/** The Markdown rendition beside a page. */
export const markdownPath = (pagePath: string) => `${pagePath}.md`;

export const absoluteUrl = (path: string) => `${settings().baseUrl}${path}`;

/** A calendar subscription link: the same URL under the webcal scheme. */
export const webcalUrl = (path: string) => absoluteUrl(path).replace(/^https?:\/\//, "webcal://");

/** The reference service's page of a venue; its terms require this link wherever its data is shown. */
export const referenceUrl = (kind: VenueKind, referenceId: number) =>
  `https://www.myhuiban.com/${kind}/${referenceId}`;

export const REFERENCE_ATTRIBUTION = "Conference Partner (myhuiban.com)";

export const snapshotFilePath = (name: string) => `/snapshots/latest/${encodeURIComponent(name)}`;
