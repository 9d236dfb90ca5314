/**
 * Mail as the composed service runs it (functions/composition-root.ts): the server started with SMTP_URL sends what
 * its outbox queues to a real SMTP server on 127.0.0.1, /metrics (real HTTP) counts it and the queue's depth, and a
 * permanent refusal shows as a bounce and a suppressed message.
 */
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningService, startService } from "../../functions/composition-root.ts";
import { loadConfig } from "../../functions/server-config.ts";
import { silentLogger } from "../../runtime/logger.ts";
import { type ServedFixture, servedFixture } from "../helpers/served-fixture.ts";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.ts";
import { tempDirsForFile } from "../helpers/temp-dirs.ts";

interface Family {
  name: string;
  metrics: { value: string; labels?: Record<string, string> }[];
}

describe("the service's mail", () => {
  const tempDir = tempDirsForFile("vd-mail-service-");
  let fixture: ServedFixture;
  let relay: SmtpSink;
  let service: RunningService;

  beforeAll(async () => {
    relay = await startSmtpSink();
    relay.refuse = (to) => (to === "gone@example.org" ? { code: 550, message: "5.1.1 No such user" } : null);
    fixture = await servedFixture({ "index.html": "<!doctype html><title>Venues</title>" });
    const config = loadConfig({
      ...fixture.env,
      STATE_DIR: tempDir("state"),
      SMTP_URL: relay.url,
      MAIL_FROM: "Venue Directory <noreply@venues.test>",
      STORE_TIMEOUT_MS: "15000",
    });
    service = await startService(config, { logger: silentLogger });
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await relay?.close();
    await fixture?.remove();
  });

  const metric = async (name: string, labels: Record<string, string> = {}) => {
    const res = await fetch(`${service.server.url}/metrics`);
    const families = parsePrometheusTextFormat(await res.text()) as Family[];
    const family = families.find((f) => f.name === name);
    const sample = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
    return sample ? Number(sample.value) : undefined;
  };

  it("sends what the outbox queues through SMTP_URL at once, and /metrics counts it", async () => {
    expect(service.outbox.goesToLog?.()).toBe(false);
    await service.outbox.enqueue({
      to: "ada@example.org",
      subject: "Verify your address",
      text: "https://venues.test/account/verify?token=abc",
      dedupeKey: "verify:a1:abc",
    });
    await service.outbox.enqueue({
      to: "gone@example.org",
      subject: "Verify your address",
      text: "https://venues.test/account/verify?token=def",
      dedupeKey: "verify:a2:def",
    });
    const [got] = await relay.waitFor(1);
    expect(got?.to).toEqual(["ada@example.org"]);
    await expect.poll(() => metric("vd_mail_failed_total", { outcome: "bounce" })).toBe(1);
    expect(await metric("vd_mail_sent_total")).toBe(1);
    expect(await metric("vd_mail_suppressed_total")).toBe(1);
    expect(await metric("vd_mail_queue_messages", { state: "pending" })).toBe(0);
    expect(await metric("vd_mail_queue_messages", { state: "dead" })).toBe(0);
    await service.outbox.enqueue({
      to: "gone@example.org",
      subject: "Again",
      text: "https://venues.test/account/verify?token=ghi",
      dedupeKey: "verify:a2:ghi",
    });
    expect(await metric("vd_mail_suppressed_total")).toBe(2);
    expect(relay.received).toHaveLength(1);
  });
});
