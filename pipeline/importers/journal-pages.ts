/**
 * A journal's own website from the URLs of its special-issue calls: a call published on a publisher's site names
 * the journal's page there (ScienceDirect /journal/<slug>, SpringerLink /journal/<id>, MDPI /journal/<name>,
 * IEEE Xplore punumber …), as reviewed in pipeline/importers/journal-pages.yaml. A page is taken only when every call of
 * the journal that names one names the same (calls filed under the wrong journal would otherwise pick one).
 */
import { z } from "zod";
import { loadYamlTable } from "../sources/yaml.ts";

const FILE = new URL("./journal-pages.yaml", import.meta.url);
const Table = z.array(
  z.object({
    site: z.string().min(1),
    url: z.string().transform((pattern, ctx) => {
      try {
        return new RegExp(pattern, "i");
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          message: `url is not a regular expression: ${(error as Error).message}`,
        });
        return z.NEVER;
      }
    }),
    page: z.string().includes("{id}"),
  }),
);

const PAGES = loadYamlTable(FILE, Table);

/** The journal page a call's URL names, or null when it is on none of the listed sites. */
export function journalPageOfCall(url: string): string | null {
  for (const { url: pattern, page } of PAGES) {
    const id = pattern.exec(url)?.[1];
    if (id) return page.replace("{id}", id.toLowerCase());
  }
  return null;
}

/** The one journal page the calls' URLs name, or null when they name none or disagree. */
export function journalPageOf(callUrls: readonly (string | null)[]): string | null {
  const pages = new Set(
    callUrls.flatMap((url) => (url ? [journalPageOfCall(url)] : [])).filter((p) => p !== null),
  );
  return pages.size === 1 ? ([...pages][0] as string) : null;
}
