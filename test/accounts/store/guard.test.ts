/** The deadline and circuit breaker every store call runs through (accounts/store/guard.ts). */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { StoreGuard } from "../../../accounts/store/guard.ts";
import { DuplicateEmailError, StoreUnavailable } from "../../../accounts/store/types.ts";

const never = () => new Promise<never>(() => {});

describe("StoreGuard", () => {
  it("rejects a call that outlives its deadline with StoreUnavailable and aborts its signal", async () => {
    const guard = new StoreGuard({ label: "test store", timeoutMs: 50 });
    let aborted: unknown = null;
    const started = performance.now();
    await expect(
      guard.run((signal) => {
        signal.addEventListener("abort", () => {
          aborted = signal.reason;
        });
        return never();
      }),
    ).rejects.toThrow(StoreUnavailable);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(aborted).toBeInstanceOf(StoreUnavailable);
  });

  it("opens after repeated failures, fails fast during the cool-down, then lets calls through again", async () => {
    const guard = new StoreGuard({
      label: "test store",
      timeoutMs: 1000,
      failureThreshold: 3,
      coolDownMs: 200,
      isUnavailable: (err) => err instanceof Error && err.message === "connection lost",
    });
    let reached = 0;
    const failing = async () => {
      reached += 1;
      throw new Error("connection lost");
    };
    for (let i = 0; i < 3; i++) await expect(guard.run(failing)).rejects.toThrow(StoreUnavailable);
    expect(guard.open).toBe(true);
    await expect(guard.run(failing)).rejects.toThrow(/failing fast/);
    expect(reached).toBe(3); // the open circuit never reached the backend
    await sleep(250);
    expect(guard.open).toBe(false);
    await expect(guard.run(async () => "ok")).resolves.toBe("ok");
    // One success closes the circuit: the count starts again.
    await expect(guard.run(failing)).rejects.toThrow(StoreUnavailable);
    expect(guard.open).toBe(false);
  });

  it("does not count background writes' failures: they neither open the circuit nor close it", async () => {
    const guard = new StoreGuard({ label: "test store", failureThreshold: 2, coolDownMs: 60_000 });
    const busy = () => Promise.reject(new StoreUnavailable("test store: busy"));
    for (let i = 0; i < 5; i++) await expect(guard.run(busy, false)).rejects.toThrow(/busy/);
    expect(guard.open).toBe(false);
    await expect(guard.run(busy)).rejects.toThrow(/busy/);
    await expect(guard.run(async () => "written", false)).resolves.toBe("written");
    await expect(guard.run(busy)).rejects.toThrow(/busy/);
    expect(guard.open).toBe(true);
    // Open, it fails background writes fast too.
    await expect(guard.run(async () => "written", false)).rejects.toThrow(/failing fast/);
  });

  it("passes other errors through untouched without counting them", async () => {
    const guard = new StoreGuard({ label: "test store", failureThreshold: 1 });
    const duplicate = new DuplicateEmailError("a@example.org");
    await expect(guard.run(() => Promise.reject(duplicate))).rejects.toBe(duplicate);
    await expect(guard.run(() => Promise.reject(new RangeError("bad")))).rejects.toThrow(RangeError);
    expect(guard.open).toBe(false);
  });
});
