/** Files written durably (fsync) and read back for the manifest's sizes and hashes. */
import { createHash, randomBytes } from "node:crypto";
import { open } from "node:fs/promises";
import { join } from "node:path";
import type { Manifest } from "../../snapshot/records.ts";

type ManifestFile = Manifest["files"][number];

/** Pieces are gathered into writes of about this many characters. */
const WRITE_CHARS = 1 << 20;

/** Writes a new file from text or from pieces of text, then makes it durable. */
export async function writeDurable(path: string, text: string | Iterable<string>): Promise<void> {
  const handle = await open(path, "wx");
  try {
    if (typeof text === "string") {
      await handle.writeFile(text, "utf8");
    } else {
      let pending: string[] = [];
      let size = 0;
      for (const piece of text) {
        pending.push(piece);
        size += piece.length;
        if (size >= WRITE_CHARS) {
          await handle.write(pending.join(""));
          pending = [];
          size = 0;
        }
      }
      if (pending.length > 0) await handle.write(pending.join(""));
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** fsync an existing file or directory (a directory sync makes the entries created in it durable). */
export async function syncPath(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Pieces of a file read back for its hash: one buffer for them all (a fresh buffer per chunk cost seconds at scale). */
const READ_BYTES = 1 << 20;

/** Size and SHA-256 of each file, read back one after another. */
export async function describeFiles(dir: string, names: readonly string[]): Promise<ManifestFile[]> {
  const buffer = Buffer.allocUnsafe(READ_BYTES);
  const out: ManifestFile[] = [];
  for (const name of names) {
    const hash = createHash("sha256");
    let bytes = 0;
    const handle = await open(join(dir, name), "r");
    try {
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        hash.update(buffer.subarray(0, bytesRead));
        bytes += bytesRead;
      }
    } finally {
      await handle.close();
    }
    out.push({ name, bytes, sha256: hash.digest("hex") });
  }
  return out;
}

export const randomSuffix = () => `${process.pid}-${randomBytes(4).toString("hex")}`;
