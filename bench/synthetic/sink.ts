/**
 * Appends text to files under one root, opening each on first use. The synthetic upstream at scale 100 is
 * about 1.6 GB, so sources write copy by copy instead of building whole files in memory.
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";

export class FileSink {
  private readonly open = new Map<string, number>();
  private bytes = 0;
  private files = 0;

  constructor(readonly root: string) {}

  /** Appends `text` to `path` (relative to the root). */
  write(path: string, text: string | Buffer): void {
    let fd = this.open.get(path);
    if (fd === undefined) {
      const full = join(this.root, path);
      mkdirSync(dirname(full), { recursive: true });
      fd = openSync(full, "wx");
      this.open.set(path, fd);
    }
    this.bytes += writeSync(fd, typeof text === "string" ? Buffer.from(text, "utf8") : text);
  }

  /** Writes a whole file at once (a copy's own file): it is not kept open. */
  writeFile(path: string, text: string | Buffer): void {
    const full = join(this.root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text, { flag: "wx" });
    this.files++;
    this.bytes += typeof text === "string" ? Buffer.byteLength(text) : text.length;
  }

  /** Closes every file; returns how many were written and their total size. */
  close(): { files: number; bytes: number } {
    for (const fd of this.open.values()) closeSync(fd);
    const files = this.files + this.open.size;
    this.open.clear();
    return { files, bytes: this.bytes };
  }
}

/** A JSON file holding one array (bare, or as a member after header fields), written item by item. */
export class JsonArrayFile {
  private empty = true;

  constructor(
    private readonly path: string,
    /** Header members before the array; null for a file that is the bare array. */
    private readonly header: { members: Record<string, unknown>; arrayKey: string } | null,
  ) {}

  private get indent(): string {
    return this.header ? "    " : "  ";
  }

  open(sink: FileSink): void {
    if (!this.header) {
      sink.write(this.path, "[");
      return;
    }
    const members = Object.entries(this.header.members).map(
      ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
    );
    sink.write(this.path, `{\n${[...members, `  ${JSON.stringify(this.header.arrayKey)}: [`].join(",\n")}`);
  }

  items(sink: FileSink, items: readonly unknown[]): void {
    if (items.length === 0) return;
    const text = items
      .map((item) => `${this.indent}${JSON.stringify(item, null, 2).replaceAll("\n", `\n${this.indent}`)}`)
      .join(",\n");
    sink.write(this.path, `${this.empty ? "\n" : ",\n"}${text}`);
    this.empty = false;
  }

  close(sink: FileSink): void {
    const end = this.empty ? "]" : `\n${this.header ? "  " : ""}]`;
    sink.write(this.path, this.header ? `${end}\n}\n` : `${end}\n`);
  }
}
