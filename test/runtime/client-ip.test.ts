import { describe, expect, it } from "vitest";
import { clientIp, normalizeIp, quotaSubject } from "../../runtime/client-ip.ts";

const xff = (value: string) => new Headers({ "X-Forwarded-For": value });

describe("clientIp", () => {
  it("uses the socket address and ignores X-Forwarded-For unless proxies are trusted", () => {
    expect(clientIp(xff("6.6.6.6"), "10.0.0.5", 0)).toBe("10.0.0.5");
    expect(clientIp(new Headers(), "::ffff:192.0.2.7", 0)).toBe("192.0.2.7");
    expect(clientIp(new Headers(), undefined, 0)).toBe("unknown");
  });

  it("takes the n-th entry from the right with n trusted hops, so a client cannot spoof its address", () => {
    // client 203.0.113.9 sent a forged entry; proxy 1 appended the client, proxy 2 appended proxy 1.
    const chain = xff("6.6.6.6, 203.0.113.9, 10.0.0.2");
    expect(clientIp(chain, "10.0.0.3", 2)).toBe("203.0.113.9");
    expect(clientIp(chain, "10.0.0.3", 1)).toBe("10.0.0.2");
    expect(clientIp(xff("203.0.113.9"), "10.0.0.3", 3)).toBe("203.0.113.9");
    expect(clientIp(new Headers(), "10.0.0.3", 1)).toBe("10.0.0.3");
    expect(clientIp(xff("not-an-ip"), "10.0.0.3", 1)).toBe("10.0.0.3");
    expect(clientIp(xff("[2001:db8::1]:443"), "10.0.0.3", 1)).toBe("2001:db8::1");
    expect(clientIp(xff("198.51.100.4:5555"), "10.0.0.3", 1)).toBe("198.51.100.4");
  });

  it("normalises addresses and rejects non-addresses", () => {
    expect(normalizeIp(" 2001:DB8::1%eth0 ")).toBe("2001:db8::1");
    expect(normalizeIp("999.1.1.1")).toBeNull();
  });

  it("reads every spelling of an IPv4-mapped IPv6 address as the one IPv4 address (one allowance)", () => {
    for (const spelling of [
      "::ffff:1.2.3.4",
      "::ffff:102:304",
      "::FFFF:0102:0304",
      "0:0:0:0:0:ffff:102:304",
      "0000:0000:0000:0000:0000:ffff:1.2.3.4",
      "[::ffff:102:304]:8443",
    ]) {
      expect(normalizeIp(spelling), spelling).toBe("1.2.3.4");
      expect(clientIp(xff(spelling), "10.0.0.3", 1), spelling).toBe("1.2.3.4");
    }
    // Not mapped: IPv4-compatible (deprecated) and NAT64 addresses stay IPv6.
    expect(normalizeIp("::102:304")).toBe("::102:304");
    expect(normalizeIp("64:ff9b::102:304")).toBe("64:ff9b::102:304");
  });
});

describe("quotaSubject (the anonymous quota's key)", () => {
  it("keeps IPv4, unwraps IPv4-mapped IPv6, groups IPv6 by /64", () => {
    // The addresses that share each subject (one allowance).
    const sharing: Record<string, string[]> = {
      "192.0.2.7": ["192.0.2.7"],
      "203.0.113.9": ["203.0.113.9", "::ffff:203.0.113.9"],
      "2001:0db8:0001:0002::/64": [
        "2001:db8:1:2:3:4:5:6",
        "2001:db8:1:2::9",
        "2001:DB8:0001:0002:aaaa::1",
        "2001:db8:1:2:aaaa::1",
        "2001:db8:1:2:bbbb:cccc:dddd:eeee",
      ],
      "2001:0db8:0000:0000::/64": ["2001:db8::1", "2001:db8::"],
      "0000:0000:0000:0000::/64": ["::1"],
      "0064:ff9b:0000:0000::/64": ["64:ff9b::192.0.2.33"],
    };
    for (const [subject, addresses] of Object.entries(sharing))
      for (const address of addresses) expect(quotaSubject(address), address).toBe(subject);
    expect(quotaSubject("2001:db8:1:3::1")).not.toBe(quotaSubject("2001:db8:1:2::1"));
  });
});
