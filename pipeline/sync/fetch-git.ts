/**
 * Fetches one commit of a git origin into a cache repository (shallow, the pinned ref only) and extracts the
 * mapped paths. Plain `git` and `tar`: no library reimplements a fetch as faithfully.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface GitFetch {
  commit: string;
  /** Commit date, YYYY-MM-DD. */
  date: string;
}

async function git(args: string[], timeoutMs: number): Promise<string> {
  try {
    const { stdout } = await run("git", args, {
      timeout: timeoutMs,
      maxBuffer: 16 * 1024 * 1024,
      // Never wait for a password prompt in a nightly job.
      env: { ...process.env, GIT_TERMINAL_PROMPT: "0" },
    });
    return stdout.trim();
  } catch (err) {
    const e = err as { stderr?: string; killed?: boolean; message: string };
    if (e.killed) throw new Error(`git ${args[2] ?? args[0]} timed out after ${timeoutMs / 1000} s`);
    const detail = (e.stderr ?? "").trim().split("\n").filter(Boolean).pop() ?? e.message;
    throw new Error(detail);
  }
}

export function cacheRepoPath(cacheDir: string, url: string): string {
  return join(cacheDir, `${createHash("sha1").update(url).digest("hex").slice(0, 16)}.git`);
}

/** The commit `ref` names at `url` now, fetched into the cache. */
export async function fetchGit(
  cacheDir: string,
  url: string,
  ref: string,
  timeoutMs: number,
): Promise<GitFetch> {
  const repo = cacheRepoPath(cacheDir, url);
  if (!existsSync(repo)) {
    mkdirSync(repo, { recursive: true });
    await git(["init", "--bare", "-q", repo], timeoutMs);
  }
  await git(["-C", repo, "fetch", "--depth", "1", "--no-tags", "-q", url, ref], timeoutMs);
  const commit = await git(["-C", repo, "rev-parse", "FETCH_HEAD"], timeoutMs);
  const date = (await git(["-C", repo, "log", "-1", "--format=%cI", commit], timeoutMs)).slice(0, 10);
  return { commit, date };
}

/** Writes the given repository paths of `commit` under `dest` (fails naming a path the commit lacks). */
export async function extractGit(
  cacheDir: string,
  url: string,
  commit: string,
  paths: string[],
  dest: string,
  timeoutMs: number,
): Promise<void> {
  const repo = cacheRepoPath(cacheDir, url);
  const tarFile = join(dest, ".extract.tar");
  mkdirSync(dest, { recursive: true });
  await git(["-C", repo, "archive", "--format=tar", "-o", tarFile, commit, "--", ...paths], timeoutMs);
  await run("tar", ["-xf", tarFile, "-C", dest], { timeout: timeoutMs });
  await run("rm", ["-f", tarFile]);
}
