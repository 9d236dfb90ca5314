/**
 * One scrypt run, on a thread of the password hashing pool (passwords.ts). Synchronous on purpose: the thread is
 * the pool's own, so hashing never queues on libuv's shared pool, where the server's file reads wait.
 */
import { scryptSync } from "node:crypto";
import { setPriority } from "node:os";

// On Linux a priority set for "this process" (0) applies to the calling thread only: the hashing threads yield
// the CPU to the thread that serves pages. Elsewhere it may lower the whole process, so it is Linux only.
if (process.platform === "linux") setPriority(0, 19);

export interface ScryptTask {
  password: string;
  /** base64 */
  salt: string;
  keyLength: number;
  N: number;
  r: number;
  p: number;
}

export default function scryptTask(task: ScryptTask): Uint8Array {
  const { password, salt, keyLength, N, r, p } = task;
  // scrypt needs 128 * N * r bytes; allow twice that so the default 32 MiB cap does not refuse it.
  return scryptSync(password.normalize("NFC"), Buffer.from(salt, "base64"), keyLength, {
    N,
    r,
    p,
    maxmem: 256 * N * r,
  });
}
