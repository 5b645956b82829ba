import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startDnsServer, type LocalDnsServer } from "../../tests/support/dns-server";
import { createTxtLookup, parseDnsServers } from "./dns.server";
import { parseEnv } from "./env.server";

describe("M7 DNS_RESOLVER and TXT lookups", () => {
  let dns: LocalDnsServer;
  beforeAll(async () => {
    dns = await startDnsServer();
  });
  afterAll(() => dns?.close());

  test("M7 DNS_RESOLVER takes address[:port] lists (IPv6 in brackets with a port) and refuses anything else", () => {
    expect(parseDnsServers("127.0.0.1:5353")).toEqual(["127.0.0.1:5353"]);
    expect(parseDnsServers(" 1.1.1.1 , [::1]:53, ::1 ")).toEqual(["1.1.1.1", "[::1]:53", "::1"]);
    for (const bad of ["", "localhost", "127.0.0.1:99999", "http://1.1.1.1", "1.1.1"])
      expect(parseDnsServers(bad), bad).toBeNull();
    expect(parseEnv({ DNS_RESOLVER: "127.0.0.1:5353" }).DNS_RESOLVER).toBe("127.0.0.1:5353");
    expect(parseEnv({}).DNS_RESOLVER).toBeUndefined();
    expect(() => parseEnv({ DNS_RESOLVER: "dns.example.com" })).toThrow(/DNS_RESOLVER/);
  });

  test("M7 a lookup through the configured server tells found records, no record and no answer apart", async () => {
    const lookup = createTxtLookup({ servers: dns.address, timeoutMs: 500 });
    dns.setTxt("_lyceum-verify.school.example", ["lyceum-verify=abc", "v=spf1 -all"]);
    expect(await lookup("_lyceum-verify.school.example")).toEqual({
      kind: "found",
      records: ["lyceum-verify=abc", "v=spf1 -all"],
    });
    expect(await lookup("_lyceum-verify.nowhere.example")).toEqual({ kind: "none" });
    dns.fail("_lyceum-verify.broken.example");
    expect(await lookup("_lyceum-verify.broken.example")).toMatchObject({ kind: "failed" });
    expect(dns.asked).toContain("_lyceum-verify.school.example");
  });

  test("M7 a server that does not answer is a failed lookup, not a missing record", async () => {
    // A port nothing listens on: the lookup times out (or is refused), whichever comes first.
    const lookup = createTxtLookup({ servers: "127.0.0.1:9", timeoutMs: 200 });
    expect(await lookup("_lyceum-verify.school.example")).toMatchObject({ kind: "failed" });
  });
});
