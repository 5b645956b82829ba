import { BlockList, isIP } from "node:net";

/** Which peers may tell us the client's address, scheme and host (decision 038). */
export type TrustedProxies = (address: string) => boolean;

const named: Record<string, [string, number, "ipv4" | "ipv6"][]> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  private: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is `10.0.0.1`. */
export function plainAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

/**
 * `TRUSTED_PROXIES`: comma-separated addresses, CIDR ranges and the names `loopback` and
 * `private`. Unset or empty: no peer is trusted and `X-Forwarded-*` is ignored. Returns null for
 * a value it cannot read (the environment check reports it).
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies | null {
  const list = new BlockList();
  let any = false;
  for (const raw of (value ?? "").split(",")) {
    const item = raw.trim().toLowerCase();
    if (!item) continue;
    any = true;
    const ranges = named[item];
    if (ranges) {
      for (const [net, prefix, type] of ranges) list.addSubnet(net, prefix, type);
      continue;
    }
    const [address, prefixText, ...rest] = item.split("/");
    const type = isIP(address ?? "");
    if (!type || rest.length > 0) return null;
    const family = type === 4 ? "ipv4" : "ipv6";
    if (prefixText === undefined) {
      list.addAddress(address!, family);
      continue;
    }
    const prefix = Number(prefixText);
    if (!/^\d+$/.test(prefixText) || prefix > (type === 4 ? 32 : 128)) return null;
    list.addSubnet(address!, prefix, family);
  }
  if (!any) return () => false;
  return (address) => {
    const plain = plainAddress(address);
    const type = isIP(plain);
    return type !== 0 && list.check(plain, type === 4 ? "ipv4" : "ipv6");
  };
}

/** The connection a request came on; null when there is none (tests' `app.request`). */
export type Peer = { address: string; localPort: number | undefined; encrypted: boolean };

/** The peer of a request served by @hono/node-server (its `c.env`). */
export function peerOf(env: unknown): Peer | null {
  const socket = (
    env as
      | {
          incoming?: {
            socket?: { remoteAddress?: string; localPort?: number; encrypted?: boolean };
          };
        }
      | undefined
  )?.incoming?.socket;
  if (!socket) return null;
  return {
    address: socket.remoteAddress ?? "unknown",
    localPort: socket.localPort,
    encrypted: Boolean(socket.encrypted),
  };
}

/** What the server believes about where a request comes from and which address it was sent to. */
export type RequestAddress = {
  /** `http:` or `https:` */
  scheme: string;
  /** Canonical `hostname[:port]`: lower case, no trailing dot, only a port the server answers on. */
  host: string;
  /** The client: the socket's peer, or what a trusted proxy says it is. */
  clientIp: string;
};

const first = (value: string | null | undefined) => value?.split(",")[0]?.trim() || undefined;

/**
 * The one answer to "who is asking, and at which address" (decision 038). Without a trusted
 * proxy: the socket's peer and scheme, the Host header's name, and a port only when it is the
 * one the server listens on (any other a client writes is replaced by it), so one site is one
 * address whatever port, case or trailing dot a client writes. From a trusted proxy:
 * X-Forwarded-For (read from the right, skipping trusted hops), X-Forwarded-Proto and
 * X-Forwarded-Host, whose port is the proxy's X-Forwarded-Port, else none. Null: not a host.
 */
export function requestAddress({
  peer,
  headers,
  trusted,
  fallbackScheme,
  fallbackHost = "",
}: {
  peer: Peer | null;
  headers: { get(name: string): string | null | undefined };
  trusted: TrustedProxies;
  /** Without a peer (in-process tests): the request URL's scheme. */
  fallbackScheme: string;
  /** Without a peer and without a Host header (`app.request(url)`): the request URL's host. */
  fallbackHost?: string;
}): RequestAddress | null {
  const viaProxy = peer !== null && trusted(peer.address);
  let scheme = peer ? (peer.encrypted ? "https:" : "http:") : fallbackScheme;
  let clientIp = peer ? plainAddress(peer.address) : "unknown";
  let hostHeader = headers.get("host") ?? (peer ? "" : fallbackHost);
  let port: string | undefined;

  if (viaProxy) {
    const hops = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((hop) => plainAddress(hop))
      .filter((hop) => isIP(hop) !== 0);
    // The nearest hop that is not one of ours is the client; all ours: the farthest.
    const client = [...hops].reverse().find((hop) => !trusted(hop)) ?? hops[0];
    if (client) clientIp = client;
    const proto = first(headers.get("x-forwarded-proto"))?.toLowerCase();
    if (proto === "http" || proto === "https") scheme = `${proto}:`;
    const forwardedHost = first(headers.get("x-forwarded-host"));
    if (forwardedHost) {
      hostHeader = forwardedHost;
      const forwardedPort = first(headers.get("x-forwarded-port"));
      port = forwardedPort && /^\d{1,5}$/.test(forwardedPort) ? forwardedPort : "";
    }
  }

  let parsed: URL;
  try {
    parsed = new URL(`${scheme}//${hostHeader}`);
  } catch {
    return null;
  }
  // Userinfo, a path or an empty name are not a Host.
  if (!parsed.hostname || parsed.username || parsed.password || parsed.pathname !== "/")
    return null;
  const hostname = parsed.hostname.replace(/\.+$/, "");
  if (!hostname) return null;
  if (port === undefined) {
    // Direct: the port the client wrote counts only if it is where the server listens.
    const written = parsed.port;
    // Without a known listening port (in-process tests) it stands as written.
    if (!written) port = "";
    else port = peer?.localPort !== undefined ? String(peer.localPort) : written;
  }
  const defaultPort = scheme === "https:" ? "443" : "80";
  const host = port && port !== defaultPort ? `${hostname}:${Number(port)}` : hostname;
  return { scheme, host, clientIp };
}
