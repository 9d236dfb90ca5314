#!/usr/bin/env node
// Usage: node scripts/lock-platform-stubs.mjs package-lock.json <package names `npm ci` reports as Missing>
// Adds lock entries for platform-specific optional packages this registry does not carry, so `npm ci` accepts
// the lock; their os/cpu never match Linux x64, so npm never fetches them.
import { readFileSync, writeFileSync } from "node:fs";

const file = process.argv[2];
const lock = JSON.parse(readFileSync(file, "utf8"));
const pkgs = lock.packages;
const missing = process.argv.slice(3);
for (const name of missing) {
  const parent = Object.entries(pkgs).find(([, p]) => p.optionalDependencies?.[name]);
  if (!parent) throw new Error(`no parent for ${name}`);
  const version = parent[1].optionalDependencies[name];
  const tail = name.split("/").pop();
  const os = ["android", "darwin", "linux", "win32"].find((o) => tail.includes(o));
  const cpu = ["arm64", "x64", "wasm32"].find((c) => tail.includes(c));
  const entry = {
    version: version.replace(/^[\^~]/, ""),
    optional: true,
    os: os ? [os] : undefined,
    cpu: cpu ? [cpu] : undefined,
  };
  if (tail.includes("musl")) entry.libc = ["musl"];
  if (tail.includes("-gnu")) entry.libc = ["glibc"];
  if (parent[1].dev) entry.dev = true;
  pkgs[`node_modules/${name}`] = JSON.parse(JSON.stringify(entry));
}
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
