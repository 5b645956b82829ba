import { lookup, Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { createContext } from "react-router";

/**
 * What a TXT lookup found: the records (each one's strings joined, as RFC 7208 reads them), no
 * record at all (the name does not exist or has no TXT), or no answer (the resolver timed out,
 * refused or failed: the record may well be there).
 */
export type TxtAnswer =
  { kind: "found"; records: string[] } | { kind: "none" } | { kind: "failed"; reason: string };

export type TxtLookup = (name: string) => Promise<TxtAnswer>;

/** Codes that mean the name has no TXT record, as opposed to a resolver that did not answer. */
const noRecord = new Set(["ENODATA", "ENOTFOUND"]);

/**
 * `DNS_RESOLVER`'s servers: a comma-separated list of `address` or `address:port`, an IPv6
 * address in brackets when it has a port (`[::1]:5353`), as `Resolver#setServers` takes them.
 * Null when the list is malformed.
 */
export function parseDnsServers(value: string): string[] | null {
  const servers = value
    .split(",")
    .map((server) => server.trim())
    .filter(Boolean);
  if (servers.length === 0) return null;
  const valid = servers.every((server) => {
    const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server);
    const plain = /^([^:]+)(?::(\d{1,5}))?$/.exec(server);
    const [, address, port] = bracketed ?? plain ?? [];
    if (!address) return isIP(server) === 6;
    return isIP(address) !== 0 && (port === undefined || Number(port) <= 65_535);
  });
  return valid ? servers : null;
}

/**
 * TXT lookups through the system's resolver, or through `servers` (`DNS_RESOLVER`, e.g. a
 * local DNS server in tests). Each lookup has its own resolver: a slow one never holds another.
 */
export function createTxtLookup({
  servers,
  timeoutMs = 3_000,
}: {
  servers?: string;
  timeoutMs?: number;
} = {}): TxtLookup {
  const list = servers ? parseDnsServers(servers) : null;
  return async (name) => {
    const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
    if (list) resolver.setServers(list);
    try {
      const rows = await resolver.resolveTxt(name);
      return { kind: "found", records: rows.map((chunks) => chunks.join("")) };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === "string" && noRecord.has(code)) return { kind: "none" };
      return { kind: "failed", reason: typeof code === "string" ? code : "EUNKNOWN" };
    }
  };
}

/** The deployment's TXT lookup, handed to route actions (the custom domain's verification). */
export const txtLookupContext = createContext<TxtLookup>(createTxtLookup());

/** Every address a host name has (A and AAAA), as the system's resolver answers. */
export async function resolveHost(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
}
