/** The reviewed alias table: a bad rule stops the build with a message naming it (pipeline/resolve/aliases.yaml). */
import { describe, expect, it } from "vitest";
import { aliasKeys, parseAliasTable } from "../../../pipeline/resolve/aliases.ts";

const rule = (fields: string) => `rules:\n  - ${fields}\nnames: {}\n`;

describe("alias table", () => {
  it("refuses a rule without a reason, a bad key or a broken title pattern, naming the rule", () => {
    expect(() => parseAliasTable(rule("{ acronym: FSE, key: fse-x }"))).toThrow(/rule 1 \(FSE\).*why/);
    expect(() =>
      parseAliasTable(rule('{ acronym: FSE, key: "Bad Key", why: "two venues share FSE" }')),
    ).toThrow(/rule 1 \(FSE\).*key/);
    expect(() =>
      parseAliasTable(rule('{ acronym: FSE, title: "(", key: fse-x, why: "two venues share FSE" }')),
    ).toThrow(/rule 1 \(FSE\): bad title pattern/);
  });

  it("refuses names for a key no rule gives", () => {
    const text =
      'rules:\n  - { acronym: FSE, key: fse-x, why: "two venues share FSE" }\nnames:\n  fse-y: [Foo]\n';
    expect(() => parseAliasTable(text)).toThrow(/names.fse-y: no rule gives this key/);
  });

  it("tells the two FSEs apart by title in the committed table", () => {
    expect(aliasKeys(["FSE"], "Fast Software Encryption", "core")).toEqual(["alias:fse-encryption"]);
    expect(
      aliasKeys(["FSE"], "ACM International Conference on the Foundations of Software Engineering", "core"),
    ).toEqual(["alias:fse-software-engineering"]);
  });
});
