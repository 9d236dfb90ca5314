/** The JSON documents of a snapshot, written piece by piece with one record per line (snapshot/files.ts). */
import { RECORD_INDENT, RECORD_SEPARATOR } from "../../snapshot/files.ts";

/**
 * A JSON document whose scalar members are pretty-printed and whose arrays hold one record per line:
 * readable, diff-friendly and far smaller than fully indented output. Produced piece by piece: at 100 times
 * today's catalogue a document is larger than the longest string V8 can hold. The server finds records by their
 * lines (RECORD_INDENT then `{"id":"…"`, snapshot/files.ts): keep `id` as each record's first member.
 */
export function* jsonDocument(
  head: Record<string, unknown>,
  arrays: Record<string, JsonLines>,
): Generator<string> {
  const members = Object.entries(head).map(
    ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replaceAll("\n", "\n  ")}`,
  );
  let first = true;
  const separator = () => {
    const text = first ? "{\n" : ",\n";
    first = false;
    return text;
  };
  for (const member of members) yield `${separator()}${member}`;
  for (const [key, records] of Object.entries(arrays)) {
    yield `${separator()}  ${JSON.stringify(key)}: `;
    if (records.count === 0) {
      yield "[]";
      continue;
    }
    yield "[\n";
    let i = 0;
    for (const line of records.lines()) yield* jsonRecords([line], i++ === 0);
    yield "\n  ]";
  }
  yield first ? "{\n\n}\n" : "\n}\n";
}

/**
 * Record texts of a document's array, one per line, in two pieces: the separator before them (`first`: they open
 * the array) and the records joined once (a separator glued onto megabytes of records would copy them again).
 */
export const jsonRecords = (lines: readonly string[], first: boolean) => [
  first ? RECORD_INDENT : RECORD_SEPARATOR,
  lines.join(RECORD_SEPARATOR),
];

/** Stands for the records when a document's frame is cut out of it. */
const RECORDS_MARK = "\u0000records\u0000";

/**
 * What jsonDocument(head, { [key]: records }) writes before and after `count` records, cut out of that document
 * itself so a table written batch by batch is framed exactly as any other document.
 */
export function jsonTableFrame(head: Record<string, unknown>, key: string, count: number) {
  const lines = { count, lines: () => (count === 0 ? [] : [RECORDS_MARK]) };
  const text = [...jsonDocument(head, { [key]: lines })].join("");
  const [start = "", end = ""] = text.split(`${RECORD_INDENT}${RECORDS_MARK}`);
  return { start, end };
}

/** An array of records as their JSON texts, produced when written (never all held at once). */
export interface JsonLines {
  count: number;
  lines: () => Iterable<string>;
}

export function jsonLines<T>(records: readonly T[], toJson: (record: T) => string): JsonLines {
  return {
    count: records.length,
    lines: function* () {
      for (const record of records) yield toJson(record);
    },
  };
}
