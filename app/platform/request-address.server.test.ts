import { describe, expect, test } from "vitest";
import { parseTrustedProxies, requestAddress, type Peer } from "./request-address.server";

const none = parseTrustedProxies(undefined)!;
const proxies = parseTrustedProxies("loopback, 10.0.0.0/8")!;
const direct = (address = "203.0.113.9"): Peer => ({ address, localPort: 3000, encrypted: false });

function address(headers: Record<string, string>, peer: Peer | null = direct(), trusted = none) {
  return requestAddress({ peer, headers: new Headers(headers), trusted, fallbackScheme: "http:" });
}

describe("I31-10 TRUSTED_PROXIES", () => {
  test("reads addresses, CIDR ranges and the names loopback and private", () => {
    expect(proxies("127.0.0.1")).toBe(true);
    expect(proxies("::1")).toBe(true);
    expect(proxies("::ffff:10.1.2.3")).toBe(true);
    expect(proxies("11.0.0.1")).toBe(false);
    expect(parseTrustedProxies("private")!("192.168.4.4")).toBe(true);
    expect(parseTrustedProxies("2001:db8::/32")!("2001:db8::7")).toBe(true);
    expect(none("127.0.0.1")).toBe(false);
    expect(parseTrustedProxies("")!("127.0.0.1")).toBe(false);
    for (const bad of ["10.0.0.0/33", "example.com", "10.0.0.0/8/1", "somewhere"])
      expect(parseTrustedProxies(bad), bad).toBeNull();
  });

  test("an untrusted peer's X-Forwarded-For/Proto/Host are ignored", () => {
    expect(
      address({
        host: "demo.localhost:3000",
        "x-forwarded-for": "1.2.3.4",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "evil.example",
      }),
    ).toEqual({ scheme: "http:", host: "demo.localhost:3000", clientIp: "203.0.113.9" });
  });

  test("a trusted proxy's are believed: the nearest untrusted hop is the client", () => {
    expect(
      address(
        {
          host: "127.0.0.1:3000",
          "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.2",
          "x-forwarded-proto": "https",
          "x-forwarded-host": "Demo.Example.COM.",
        },
        direct("::ffff:127.0.0.1"),
        proxies,
      ),
    ).toEqual({ scheme: "https:", host: "demo.example.com", clientIp: "198.51.100.7" });
  });

  test("behind a trusted proxy, the public port is the proxy's X-Forwarded-Port, never the client's", () => {
    const via = (headers: Record<string, string>) =>
      address({ host: "127.0.0.1", ...headers }, direct("127.0.0.1"), proxies)?.host;
    expect(via({ "x-forwarded-host": "demo.example.com:4444" })).toBe("demo.example.com");
    expect(via({ "x-forwarded-host": "demo.example.com:4444", "x-forwarded-port": "8443" })).toBe(
      "demo.example.com:8443",
    );
    expect(
      via({
        "x-forwarded-host": "demo.example.com",
        "x-forwarded-port": "443",
        "x-forwarded-proto": "https",
      }),
    ).toBe("demo.example.com");
  });
});

describe("I31-1 one canonical address per site", () => {
  test("whatever port, case or trailing dot a client writes", () => {
    const hosts = [
      "demo.localhost:3000",
      "DEMO.localhost:3000",
      "demo.localhost.:3000",
      "demo.localhost:13000",
      "demo.localhost:03000",
      "Demo.LocalHost..:65535",
    ];
    for (const host of hosts) expect(address({ host })?.host, host).toBe("demo.localhost:3000");
    // Through something on the default port (no port written): no port.
    expect(address({ host: "demo.localhost" })?.host).toBe("demo.localhost");
    expect(address({ host: "demo.localhost:80" })?.host).toBe("demo.localhost");
  });

  test("what is not a host is refused", () => {
    for (const host of ["", "a b", "user@demo.localhost", "demo.localhost/x", "demo:99999", "."])
      expect(address({ host }), host).toBeNull();
  });

  test("without a Host header: a socket's request is refused, an in-process one reads its URL's", () => {
    const fallback = { trusted: none, fallbackScheme: "http:", fallbackHost: "localhost" };
    expect(requestAddress({ peer: direct(), headers: new Headers(), ...fallback })).toBeNull();
    expect(requestAddress({ peer: null, headers: new Headers(), ...fallback })).toEqual({
      scheme: "http:",
      host: "localhost",
      clientIp: "unknown",
    });
  });
});
