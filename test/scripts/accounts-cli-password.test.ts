/**
 * `npm run accounts -- create-user` holds a password to the sign-up form's rules (accounts/auth/password-policy.ts):
 * a common password or the account's own address is refused with a JSON error, exit 1, and no account is made.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { runTs } from "../helpers/run-ts.ts";

const dir = mkdtempSync(join(tmpdir(), "vd-cli-password-"));
const env = { STATE_DIR: dir, SNAPSHOTS_DIR: dir, REDIS_URL: "" };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const createUser = (email: string, password: string) =>
  runTs("scripts/accounts.ts", ["create-user", "--email", email, "--password-stdin"], {
    env,
    input: password,
  });

it("refuses a common password and the account's own address, then takes a good one", async () => {
  const common = await createUser("ada@example.org", "password1234");
  expect(common.code).toBe(1);
  expect(JSON.parse(common.stderr).error).toMatchObject({
    code: "invalid_input",
    message: expect.stringMatching(/most common passwords/),
  });
  const own = await createUser("ada.lovelace@example.org", "ada.lovelace@example.org");
  expect(own.code).toBe(1);
  expect(JSON.parse(own.stderr).error.message).toMatch(/e-mail address or name/);
  const good = await createUser("ada@example.org", "correct horse battery staple");
  expect(good.code, good.stderr).toBe(0);
  expect(JSON.parse(good.stdout)).toMatchObject({ email: "ada@example.org", verified: true });
}, 60_000);
