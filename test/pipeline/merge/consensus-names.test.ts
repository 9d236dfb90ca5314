/**
 * The spelling the lists agree on (pipeline/merge/consensus-names.ts), on the rows the importers read from the
 * 2026-12 upstream for these venues (as resolution groups them): a CCF typo or an outdated spelling yields to the one
 * the other lists give; a list leaving a publisher out, a rename, or a word order changes nothing. The whole real
 * build's names are checked by test/pipeline/golden.test.ts and test/src/rank-sources.test.ts.
 */
import { describe, expect, it } from "vitest";
import { consensusNames } from "../../../pipeline/merge/consensus-names.ts";
import { NAME_PRIORITY, TITLE_PRIORITY } from "../../../pipeline/merge/merge-conferences.ts";
import type { NameSource } from "../../../pipeline/resolve/choose-names.ts";
import type { SourceId } from "../../../pipeline/sources/observations.ts";

const row = (source: string, acronym: string | null, title: string | null): NameSource => ({
  source: source as SourceId,
  acronym,
  title,
});

/** The conference name priorities of the build (journals keep the current list's name: merge-journals.ts). */
const conference = (rows: NameSource[]) => consensusNames(rows, TITLE_PRIORITY, NAME_PRIORITY);

const ROWS: Record<string, NameSource[]> = {
  NSDI: [
    row("ccf2026", "NSDI", "Symposium on Network System Design and Implementation"),
    row("ccf", "NSDI", "Symposium on Network System Design and Implementation"),
    row("ccfddl", "NSDI", "USENIX Symposium on Networked Systems Design and Implementation"),
    row("reference", "NSDI", "USENIX Symposium on Networked Systems Design and Implementation"),
    row("icore", "NSDI", "Symposium on Networked Systems, Design and Implementation"),
    row("core", "NSDI", "Symposium on Networked Systems, Design and Implementation"),
    row("core_portal", "NSDI", "Symposium on Networked Systems, Design and Implementation"),
    row("qualis", "NSDI", "Networked Systems Design and Implementation"),
    row("csconferences", "NSDI", null),
    row("openaccept", "NSDI", "USENIX Symposium on Networked Systems Design and Implementation"),
  ],
  ISWC: [
    row("ccf2026", "ISWC", "IEEE International Semantic Web Conference"),
    row("ccf", "ISWC", "IEEE International Semantic Web Conference"),
    row("ccfddl", "ISWC", "International Semantic Web Conference"),
    row("reference", "ISWC", "International Semantic Web Conference"),
    row("icore", "ISWC", "International Semantic Web Conference"),
    row("core", "ISWC", "International Semantic Web Conference"),
    row("core_portal", "ISWC", "International Semantic Web Conference"),
    row("qualis", "ISWC", "International Semantic Web Conference"),
    row("pwc", "ISWC", "International Semantic Web Conference"),
  ],
  ACISP: [
    row("ccf2026", "ACISP", "Australasia Conference on Information Security and Privacy"),
    row("ccf", "ACISP", "AustralasiaConferenceonInformation SecurityandPrivacy"),
    row("ccfddl", "ACISP", "Australasia Conference on Information Security and Privacy"),
    row("reference", "ACISP", "Australasian Conference on Information Security and Privacy"),
    row("icore", "ACISP", "Australasian Conference on Information Security and Privacy"),
    row("core", "AISP", "Australasia Conference on Information Security and Privacy"),
    row("core", "ACISP", "Australasian Conference on Information Security and Privacy"),
    row("core_portal", "AISP", "Australasia Conference on Information Security and Privacy"),
    row("core_portal", "ACISP", "Australasian Conference on Information Security and Privacy"),
    row("qualis", "ACISP", "Australasian Conference on Information Security and Privacy"),
    row("mpc", "ACISP", "Australasian Conference on Information Security and Privacy"),
  ],
  WWW: [
    row("ccf2026", "WWW", "The Web Conference"),
    row("ccf", "WWW", "International World Wide Web Conference"),
    row("ccfddl", "WWW", "International World Wide Web Conferences"),
    row("reference", "The Web Conference", "The ACM Web Conference"),
    row("icore", "WWW", "International World Wide Web Conference"),
    row("core", "WWW", "International World Wide Web Conference"),
    row("core_portal", "WWW", "International World Wide Web Conference"),
    row("qualis", "WWW", "International World Wide Web Conferences"),
    row("hf", "WWW", "The Web Conference"),
    row("pwc", "WWW", null),
    row("lixin", "TheWebConf", null),
    row("csconferences", "WWW", null),
    row("openaccept", "WWW", "The ACM Web Conference"),
    row("mpc", "The Web Conference", "The Web Conference (WWW)"),
  ],
  ICDCS: [
    row("ccf2026", "ICDCS", "IEEE International Conference on Distributed Computing Systems"),
    row("ccf", "ICDCS", "IEEE International Conference on Distributed Computing Systems"),
    row("ccfddl", "ICDCS", "IEEE International Conference on Distributed Computing Systems"),
    row("reference", "ICDCS", "International Conference on Distributed Computing Systems"),
    row("icore", "ICDCS", "International Conference on Distributed Computing Systems"),
    row("core", "ICDCS", "International Conference on Distributed Computing Systems"),
    row("core_portal", "ICDCS", "International Conference on Distributed Computing Systems"),
    row("qualis", "ICDCS", "International Conference on Distributed Computing Systems"),
    row("mpc", "ICDCS", "IEEE International Conference on Distributed Computing Systems"),
  ],
  LICS: [
    row("ccf2026", "LICS", "ACM/IEEE Symposium on Logic in Computer Science"),
    row("ccf", "LICS", "ACM/IEEE Symposium on Logic in Computer Science"),
    row("ccfddl", "LICS", "IEEE Symposium on Logic in Computer Science"),
    row("reference", "LICS", "IEEE Symposium on Logic in Computer Science"),
    row("icore", "LICS", "IEEE Symposium on Logic in Computer Science"),
    row("core", "LICS", "IEEE Symposium on Logic in Computer Science"),
    row("core_portal", "LICS", "IEEE Symposium on Logic in Computer Science"),
    row("qualis", "LICS", "ACM/IEEE Symposium on Logic in Computer Science"),
    row("csconferences", "LICS", null),
    row("openaccept", "LICS", "ACM/IEEE Symposium on Logic in Computer Science"),
  ],
  CVPR: [
    row("ccf2026", "CVPR", "IEEE/CVF Computer Vision and Pattern Recognition Conference"),
    row("ccf", "CVPR", "IEEE/CVF Computer Vision and Pattern Recognition Conference"),
    row("ccfddl", "CVPR", "IEEE/CVF Conference on Computer Vision and Pattern Recognition"),
    row("reference", "CVPR", "IEEE Conference on Computer Vision and Pattern Recognition"),
    row("icore", "CVPR", "IEEE Conference on Computer Vision and Pattern Recognition"),
    row("core", "CVPR", "IEEE Conference on Computer Vision and Pattern Recognition"),
    row("core_portal", "CVPR", "IEEE Conference on Computer Vision and Pattern Recognition"),
    row("qualis", "CVPR", "IEEE Conference on Computer Vision and Pattern Recognition"),
    row("hf", "CVPR", "IEEE/CVF Conference on Computer Vision and Pattern Recognition"),
    row("pwc", "CVPR", null),
    row("lixin", "CVPR", null),
    row("csconferences", "CVPR", null),
    row("openaccept", "CVPR", "International Conference on Computer Vision and Pattern Recognition"),
  ],
};

describe("the spelling the lists agree on", () => {
  it.each([
    ["NSDI", "USENIX Symposium on Networked Systems Design and Implementation"],
    ["ISWC", "International Semantic Web Conference"],
    ["ACISP", "Australasian Conference on Information Security and Privacy"],
  ])("%s: the CCF lists' spelling, which no other list gives, yields to %s", (name, full) => {
    const names = conference(ROWS[name] ?? []);
    expect(names.full).toBe(full);
    expect(names.short).toBe(name);
  });

  it("ACISP: CORE's rows under the former acronym AISP speak for the former name, not for the spelling", () => {
    // Without the rows under the venue's acronym, the former name's rows alone never outvote the CCF lists.
    const former = (ROWS.ACISP ?? []).filter((r) => r.acronym !== "ACISP" || r.source.startsWith("ccf"));
    expect(conference(former).full).toBe("Australasia Conference on Information Security and Privacy");
  });

  it.each([
    ["WWW", "The Web Conference"],
    ["ICDCS", "IEEE International Conference on Distributed Computing Systems"],
    ["LICS", "ACM/IEEE Symposium on Logic in Computer Science"],
    ["CVPR", "IEEE/CVF Computer Vision and Pattern Recognition Conference"],
  ])(
    "%s keeps the priority list's name %s: a rename, or a publisher or word order others leave out",
    (name, full) => {
      expect(conference(ROWS[name] ?? []).full).toBe(full);
    },
  );

  it("changes nothing when every list spells the name alike, or only one list names the venue", () => {
    const alone = [row("ccf2026", "XYZ", "Symposium on Network System Design")];
    expect(conference(alone).full).toBe("Symposium on Network System Design");
    const tie = [
      row("ccf2026", "XYZ", "Symposium on Network System Design"),
      row("reference", "XYZ", "Symposium on Networked Systems Design"),
    ];
    // One list against one: the priority stands.
    expect(conference(tie).full).toBe("Symposium on Network System Design");
  });
});
