/**
 * The synthetic upstream: the real catalogue written `scale` times into a folder laid out like
 * /work/shared/data/upstream. Copy 0 is the real data; copies 1... are renamed, re-keyed and re-dated by
 * CopyNames. Deterministic: the same real files and scale give the same bytes.
 */
import { existsSync, readdirSync } from "node:fs";
import { CopyNames, IssnAllocator, type Names, RealNames } from "./names.ts";
import { FileSink } from "./sink.ts";
import { readSources } from "./sources.ts";

export interface GenerateOptions {
  /** The real upstream folder. */
  realDir: string;
  /** Empty or missing folder to write into. */
  outDir: string;
  /** How many copies of the catalogue (1 = the real catalogue alone). */
  scale: number;
}

export interface GenerateResult {
  files: number;
  bytes: number;
  seconds: number;
}

export async function generateUpstream(options: GenerateOptions): Promise<GenerateResult> {
  const { realDir, outDir, scale } = options;
  if (!Number.isInteger(scale) || scale < 1)
    throw new Error(`scale must be a whole number >= 1, got ${scale}`);
  if (existsSync(outDir) && readdirSync(outDir).length > 0) throw new Error(`${outDir} is not empty`);
  const started = performance.now();
  const sources = await readSources(realDir);
  const real = new RealNames();
  for (const source of sources) source.visit(real);
  const issns = new IssnAllocator(real.issns);
  const vocabulary = [...real.vocabulary];

  const sink = new FileSink(outDir);
  try {
    for (const source of sources) source.open?.(sink, scale);
    for (let copy = 0; copy < scale; copy++) {
      const names: Names = copy === 0 ? real : new CopyNames(copy, vocabulary, issns);
      for (const source of sources) source.copy(sink, names);
    }
    for (const source of sources) source.close?.(sink);
  } catch (error) {
    sink.close();
    throw error;
  }
  return { ...sink.close(), seconds: (performance.now() - started) / 1000 };
}
