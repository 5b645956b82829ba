import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/*
 * Where a site's own relay may be (decision 057). A site owner names a host and a port the
 * server then connects to, and the test send reports what it answered: without a rule, any
 * owner could reach the platform's own network (its database, its cache, a cloud's metadata
 * service) through the campaigns engine. So a site's relay must be a public address unless
 * the operator allows private ones (CAMPAIGN_PRIVATE_RELAYS, for a relay on the LAN and for
 * tests), and the connection goes to the address that was checked, never to a name looked up
 * again (a name that changes its answer in between cannot slip through).
 */

const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const)
  notPublic.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  notPublic.addSubnet(network, prefix, "ipv6");

/** Whether an address is one of the public internet's (IPv4 inside IPv6 judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  const plain = address.toLowerCase().replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(plain);
  if (family === 0) return false;
  return !notPublic.check(plain, family === 4 ? "ipv4" : "ipv6");
}

export type Resolve = (host: string) => Promise<string[]>;

const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

export type RelayAddress =
  { ok: true; address: string } | { ok: false; reason: "privateHost" | "unknownHost" };

/**
 * The address to connect to for `host`: itself when it is an address, else what the resolver
 * answers (every answer must be allowed, so none of them is a way in). Gives up after 5 s.
 */
export async function relayAddress(
  host: string,
  { allowPrivate, resolve = systemResolve }: { allowPrivate: boolean; resolve?: Resolve },
): Promise<RelayAddress> {
  const bare = host.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      addresses = await Promise.race([
        resolve(bare),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error("lookup timed out")), 5_000);
        }),
      ]);
    } catch {
      return { ok: false, reason: "unknownHost" };
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) return { ok: false, reason: "unknownHost" };
  if (!allowPrivate && !addresses.every(isPublicAddress))
    return { ok: false, reason: "privateHost" };
  return { ok: true, address: addresses[0]! };
}
