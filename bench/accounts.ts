/**
 * An API key for the detail endpoints, made the way an operator makes one: `scripts/accounts.ts create-user` and
 * `create-key` against the bench's own state store. Null (with the reason) when the accounts CLI cannot make one.
 */
import { randomBytes } from "node:crypto";
import { startScript } from "./processes.ts";

async function accountsCli(args: string[], env: Record<string, string>): Promise<unknown> {
  const child = startScript("scripts/accounts.ts", args, { env, output: "pipe" });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0)
    throw new Error(`accounts ${args[0]} failed (exit ${code}): ${stderr.trim() || stdout.trim()}`);
  return JSON.parse(stdout);
}

export async function createApiKey(
  env: Record<string, string>,
): Promise<{ key: string } | { reason: string }> {
  const email = "bench@venue-directory.invalid";
  try {
    await accountsCli(
      [
        "create-user",
        "--email",
        email,
        "--password",
        randomBytes(18).toString("base64url"),
        "--name",
        "Bench",
      ],
      env,
    );
    const created = (await accountsCli(["create-key", "--email", email, "--label", "bench"], env)) as {
      key?: unknown;
    };
    if (typeof created.key !== "string") return { reason: "accounts create-key printed no key" };
    return { key: created.key };
  } catch (error) {
    return { reason: (error as Error).message };
  }
}
