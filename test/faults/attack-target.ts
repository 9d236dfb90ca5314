/** The server a connection-attack test opens connections against, and what the test measures before it attacks. */
import { PROBE_PAGES, quietLatency } from "./loopback.ts";
import { openFiles, probeServerForFile } from "./serve-process.ts";

/**
 * probeServerForFile with the numeric settings `env`; the returned function, called inside a test, gives the running
 * server with its pid and port, the bystander's quiet latency and the server's open files before the attack.
 */
export function attackTargetForFile(env: Record<string, number>) {
  const served = probeServerForFile(
    Object.fromEntries(Object.entries(env).map(([name, n]) => [name, String(n)])),
  );
  return async () => {
    const { server } = served();
    const pid = server.child.pid ?? 0;
    const quiet = await quietLatency(server.url, PROBE_PAGES);
    return { server, pid, port: Number(new URL(server.url).port), quiet, filesBefore: openFiles(pid) };
  };
}
