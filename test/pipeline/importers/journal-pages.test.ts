/** Journal websites from the publisher journal pages that special-issue calls name (pipeline/importers/journal-pages.yaml). */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { journalPageOf, journalPageOfCall } from "../../../pipeline/importers/journal-pages.ts";
import { importSpecialIssues } from "../../../pipeline/importers/special-issues.ts";

describe("journalPageOfCall", () => {
  it.each([
    [
      "https://www.sciencedirect.com/journal/decision-support-systems/about/call-for-papers#generative-ai",
      "https://www.sciencedirect.com/journal/decision-support-systems",
    ],
    [
      "https://www.journals.elsevier.com/information-and-organization/call-for-papers/data-governance",
      "https://www.sciencedirect.com/journal/information-and-organization",
    ],
    ["https://link.springer.com/journal/10796/updates/27563436", "https://link.springer.com/journal/10796"],
    [
      "https://www.mdpi.com/journal/electronics/special_issues/AI_edge",
      "https://www.mdpi.com/journal/electronics",
    ],
    [
      "https://ieeexplore.ieee.org/xpl/RecentIssue.jsp?punumber=6287639",
      "https://ieeexplore.ieee.org/xpl/RecentIssue.jsp?punumber=6287639",
    ],
    [
      "https://ieeexplore.ieee.org/servlet/opac?punumber=34&tab=cfp",
      "https://ieeexplore.ieee.org/xpl/RecentIssue.jsp?punumber=34",
    ],
    [
      "https://onlinelibrary.wiley.com/page/journal/13652575/call-for-papers/si-2025-000208",
      "https://onlinelibrary.wiley.com/journal/13652575",
    ],
    [
      "https://pubsonline.informs.org/page/isre/calls-for-papers",
      "https://pubsonline.informs.org/journal/isre",
    ],
  ])("%s names %s", (call, page) => {
    expect(journalPageOfCall(call)).toBe(page);
  });

  it.each([
    "https://www.sciencedirect.com/special-issue/313589/designing-for-digital-futures",
    "https://onlinelibrary.wiley.com/pb-assets/assets/13652575/Call%20for%20Papers.pdf",
    "https://aisel.aisnet.org/jais/SI-DigitalResponsibility.pdf",
    "https://ieeexplore.ieee.org/document/10598037",
    "https://www.sciencedirect.com.evil.example/journal/fake",
  ])("%s names no journal page", (call) => {
    expect(journalPageOfCall(call)).toBeNull();
  });
});

describe("journalPageOf a journal's calls", () => {
  it("takes the page the calls agree on, ignoring calls that name none", () => {
    expect(
      journalPageOf([
        "https://www.journals.elsevier.com/decision-support-systems/call-for-papers/xai",
        null,
        "https://dss.example.org/cfp.pdf",
        "https://www.sciencedirect.com/journal/decision-support-systems/about/call-for-papers",
      ]),
    ).toBe("https://www.sciencedirect.com/journal/decision-support-systems");
  });

  it("takes none when the calls name different journals", () => {
    expect(
      journalPageOf([
        "https://www.sciencedirect.com/journal/decision-support-systems/about/call-for-papers",
        "https://www.sciencedirect.com/journal/information-and-management/about/call-for-papers",
      ]),
    ).toBeNull();
  });
});

describe("importSpecialIssues", () => {
  it("gives a journal the website its calls name, and none to a journal whose calls are PDFs", async () => {
    const upstream = await mkdtemp(join(tmpdir(), "calls-"));
    try {
      const dir = join(upstream, "journal-special-issues");
      await mkdir(dir);
      const calls = [
        {
          journal: "Decision Support Systems",
          title: "Explainable AI",
          url: "https://www.sciencedirect.com/journal/decision-support-systems/about/call-for-papers#xai",
          slug: "dss-xai",
        },
        {
          journal: "Journal of Information Technology",
          title: "Regulation",
          url: "https://jit.example.org/cfp/regulation.pdf",
          slug: "jit-regulation",
        },
      ];
      await writeFile(join(dir, "calls_all_history_union.json"), JSON.stringify(calls));
      await writeFile(join(dir, "calls_HEAD.json"), "[]");
      const { journals } = await importSpecialIssues(upstream);
      expect(Object.fromEntries(journals.map((j) => [j.title, j.website]))).toEqual({
        "Decision Support Systems": "https://www.sciencedirect.com/journal/decision-support-systems",
        "Journal of Information Technology": null,
      });
    } finally {
      await rm(upstream, { recursive: true, force: true });
    }
  });
});
