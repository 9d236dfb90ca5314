/**
 * One scrypt run, on a thread of the password hashing pool (passwords.ts). Synchronous on purpose: the thread is
 * the pool's own, so hashing never queues on libuv's shared pool, where the server's file reads wait.
 */
import { scryptSync } from "node:crypto";

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
