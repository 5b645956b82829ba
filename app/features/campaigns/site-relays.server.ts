import { isIP } from "node:net";
import type { SendingServices } from "./campaign-sending.server";
import {
  relayTransport,
  type CampaignMessage,
  type CampaignTransport,
} from "./campaign-transport.server";
import { relayAddress, type Resolve } from "./relay-address.server";
import { createPacer, type Pacer } from "./sending-pace";
import {
  addressOf,
  siteSenderOf,
  storedSender,
  type SiteRelay,
  type SiteSender,
} from "./sender-store.server";

/*
 * Which relay a site's campaign leaves through (decision 057): its own when it set one, else
 * the platform's. Each own relay is a pool of SMTP connections kept per site in a map bounded in
 * entries (the least recently used one closed when a new one needs its place), made again when
 * the site's relay settings change, and paced on its own: a relay that asks us to slow down
 * slows every campaign sent through it, and no other.
 */

/** How long a relay may take before we give up on it (a test send waits for these too). */
const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
/** A pool is opened again after this long, so a relay's new address is followed. */
const POOL_MAX_AGE_MS = 60 * 60 * 1000;

/** nodemailer's options for a relay at a checked address (TLS still checks the relay's name). */
export function relayOptions(relay: Omit<SiteRelay, "fingerprint">, address: string) {
  return {
    host: address,
    port: relay.port,
    ...(isIP(relay.host.replace(/^\[|\]$/g, "")) ? {} : { servername: relay.host }),
    secure: relay.security === "tls",
    requireTLS: relay.security === "starttls",
    ignoreTLS: relay.security === "none",
    // Credentials given are used or the send fails: never a silent unauthenticated send.
    ...(relay.username
      ? { auth: { user: relay.username, pass: relay.password }, forceAuth: true }
      : {}),
    ...timeouts,
  };
}

type Pool = {
  fingerprint: string;
  transport: CampaignTransport;
  pacer: Pacer;
  openedAt: number;
  /** Batches sending through it now: a pool pushed out is closed once they are done. */
  holds: number;
  retired: boolean;
};

export type HeldRelay =
  | { ok: true; transport: CampaignTransport; pacer: Pacer; release: () => void }
  | { ok: false; reason: "privateHost" | "unknownHost" };

/** The per-site pools of one process. */
export function createRelayPools({
  connections,
  maxRate,
  allowPrivate,
  maxPools = 32,
  resolve,
  open = relayTransport,
  now = Date.now,
}: {
  connections: number;
  maxRate: number;
  allowPrivate: boolean;
  maxPools?: number;
  resolve?: Resolve;
  open?: typeof relayTransport;
  now?: () => number;
}) {
  /** By account, least recently used first (a Map keeps insertion order). */
  const pools = new Map<string, Pool>();
  const retire = (pool: Pool) => {
    pool.retired = true;
    if (pool.holds === 0) pool.transport.close();
  };
  const take = (accountId: string, pool: Pool): HeldRelay => {
    pools.delete(accountId);
    pools.set(accountId, pool);
    pool.holds++;
    let released = false;
    return {
      ok: true,
      transport: pool.transport,
      pacer: pool.pacer,
      release() {
        if (released) return;
        released = true;
        pool.holds--;
        if (pool.retired && pool.holds === 0) pool.transport.close();
      },
    };
  };
  const current = (accountId: string, fingerprint: string) => {
    const pool = pools.get(accountId);
    return pool && pool.fingerprint === fingerprint && now() - pool.openedAt < POOL_MAX_AGE_MS
      ? pool
      : null;
  };

  return {
    allowPrivate,
    connections,
    /** Open pools (for tests and health figures). */
    get size() {
      return pools.size;
    },
    /** The pool of this site's relay as set now; `release` it after the batch. */
    async hold(accountId: string, relay: SiteRelay): Promise<HeldRelay> {
      const kept = current(accountId, relay.fingerprint);
      if (kept) return take(accountId, kept);
      const address = await relayAddress(relay.host, { allowPrivate, resolve });
      if (!address.ok) return address;
      // Another batch may have opened it while the name was looked up.
      const opened = current(accountId, relay.fingerprint);
      if (opened) return take(accountId, opened);
      const old = pools.get(accountId);
      if (old) {
        pools.delete(accountId);
        retire(old);
      }
      const pool: Pool = {
        fingerprint: relay.fingerprint,
        transport: open({
          ...relayOptions(relay, address.address),
          pool: true,
          maxConnections: connections,
          maxMessages: 1000,
        }),
        pacer: createPacer(maxRate),
        openedAt: now(),
        holds: 0,
        retired: false,
      };
      const held = take(accountId, pool);
      for (const [oldest, pushedOut] of pools) {
        if (pools.size <= maxPools) break;
        pools.delete(oldest);
        retire(pushedOut);
      }
      return held;
    },
    /** Every pool closed (at shutdown, and between tests). */
    close() {
      for (const pool of pools.values()) retire(pool);
      pools.clear();
    },
  };
}

export type RelayPools = ReturnType<typeof createRelayPools>;

const platformPacers = new WeakMap<CampaignTransport, Pacer>();
const defaultPools = new WeakMap<SendingServices, RelayPools>();

/** The pools of these services (made on first use when the server did not give any). */
export function relayPoolsOf(services: SendingServices): RelayPools {
  if (services.relayPools) return services.relayPools;
  let pools = defaultPools.get(services);
  if (!pools) {
    pools = createRelayPools({
      connections: Math.max(1, services.concurrency),
      maxRate: services.maxRate,
      allowPrivate: false,
    });
    defaultPools.set(services, pools);
  }
  return pools;
}

/**
 * What a site's sender adds to each message: its Reply-To and DKIM key, and through the
 * platform's relay the platform's address as the envelope's sender (bounces come back to the
 * platform, which reads them; the relay's SPF is the platform's).
 */
export function senderExtras(
  sender: SiteSender,
  platformFrom: string,
): Pick<CampaignMessage, "replyTo" | "dkim" | "returnPath"> {
  return {
    ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
    ...(sender.dkim ? { dkim: sender.dkim } : {}),
    ...(sender.relay ? {} : { returnPath: addressOf(platformFrom) }),
  };
}

/** Every message through `inner` with the site's sender's extras. */
function withSender(inner: CampaignTransport, extra: Partial<CampaignMessage>): CampaignTransport {
  return { send: (message) => inner.send({ ...message, ...extra }), close() {} };
}

/** A relay the site named but that may not be used: each message waits, with the reason. */
const unusable = (reason: string): CampaignTransport => ({
  send: async () => ({ kind: "later", slowDown: false, reason }),
  close() {},
});

/** How a site's messages leave now: through what, how fast, from whom. */
export type SiteRoute = {
  transport: CampaignTransport;
  pacer: Pacer;
  concurrency: number;
  from: string;
  /** Called when the batch is done with the route (a pool pushed out meanwhile is closed). */
  release: () => void;
};

/**
 * The route of a site's messages as its settings stand: read again for every batch, so a change
 * is followed within one batch on every instance.
 */
export async function siteRoute(
  services: SendingServices,
  { accountId, siteName }: { accountId: string; siteName: string },
): Promise<SiteRoute> {
  const stored = await services.database.forAccount(accountId, (tx) => storedSender(tx, accountId));
  const sender = siteSenderOf(
    services.secretBox,
    { platformFrom: services.from, siteName },
    stored,
  );
  return routeOf(services, accountId, sender);
}

/** The route for a sender already read (the test send's, from the form). */
export async function routeOf(
  services: SendingServices,
  accountId: string,
  sender: SiteSender,
): Promise<SiteRoute> {
  if (!sender.relay) {
    let pacer = platformPacers.get(services.transport);
    if (!pacer) platformPacers.set(services.transport, (pacer = createPacer(services.maxRate)));
    return {
      transport: withSender(services.transport, senderExtras(sender, services.from)),
      pacer,
      concurrency: services.concurrency,
      from: sender.from,
      release() {},
    };
  }
  const pools = relayPoolsOf(services);
  const held = await pools.hold(accountId, sender.relay);
  if (!held.ok) {
    services.logger?.warn(
      { accountId, host: sender.relay.host, reason: held.reason },
      "a site's own relay may not be used: its messages wait",
    );
    return {
      transport: unusable(`the site's relay may not be used: ${held.reason}`),
      pacer: createPacer(0),
      concurrency: 1,
      from: sender.from,
      release() {},
    };
  }
  return {
    transport: withSender(held.transport, senderExtras(sender, services.from)),
    pacer: held.pacer,
    concurrency: pools.connections,
    from: sender.from,
    release: held.release,
  };
}
