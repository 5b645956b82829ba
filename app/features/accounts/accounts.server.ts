import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { domainPattern } from "~/platform/patterns";
import {
  deleteAccount,
  findAccountByDomain,
  findAccountById,
  findAccountBySlug,
  lockAccountSettings,
  writeAccountSettings,
  type Account,
} from "./queries.server";
import { isPlatformAccount } from "./platform-account.server";
import type { AccountSummary, Tenant } from "./tenant";
import type { AccountSettings } from "./validation";

export type { Account };

/** The account using this sub-domain, if any (custom domains aside). */
export function findAccountForSlug(database: Database, slug: string): Promise<Account | undefined> {
  return database.asApp((tx) => findAccountBySlug(tx, slug));
}

/** An account as it is stored now (not as a host lookup cached it), or undefined. */
export async function readAccount(
  database: Database,
  accountId: string,
): Promise<AccountSummary | undefined> {
  const row = await database.asApp((tx) => findAccountById(tx, accountId));
  return row ? summarise(row) : undefined;
}

/** Changes to some account settings: a value sets the key, `null` removes it. */
export type AccountSettingsChanges = {
  [K in keyof AccountSettings]?: AccountSettings[K] | null;
};

/**
 * Changes some of an account's settings and returns them all. Runs as the account itself (the
 * accounts policy lets an account write only its own row), locking the row so that two saves of
 * different keys never undo each other. Callers drop the caches that hold the old settings.
 */
export async function changeAccountSettings(
  database: Database,
  {
    accountId,
    changes,
  }: {
    accountId: string;
    /** The changes, or a function of the settings as locked (a key's value built from its own). */
    changes: AccountSettingsChanges | ((current: AccountSettings) => AccountSettingsChanges);
  },
): Promise<AccountSettings> {
  return database.forAccount(accountId, async (tx) => {
    const current = await lockAccountSettings(tx, accountId);
    if (!current) throw new AppError({ code: "tenant.notFound" });
    const settings: Record<string, unknown> = { ...current };
    const wanted = typeof changes === "function" ? changes(current) : changes;
    for (const [key, value] of Object.entries(wanted)) {
      if (value === null) delete settings[key];
      else if (value !== undefined) settings[key] = value;
    }
    const written = await writeAccountSettings(tx, {
      accountId,
      settings: settings as AccountSettings,
    });
    if (written !== 1) throw new AppError({ code: "auth.forbidden" });
    return settings as AccountSettings;
  });
}

/** Removes an account and, by cascade, everything it owns. */
export async function removeAccount(database: Database, accountId: string): Promise<void> {
  await database.forAccount(accountId, (tx) => deleteAccount(tx, accountId));
}

export { siteOrigin } from "./site-origin";

const FOUND_TTL_MS = 60_000;
const UNKNOWN_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const MAX_BYTES = 32 * 1024 * 1024;

/** `Demo.LocalHost:3000` → `demo.localhost`; `[::1]:3000` → `::1`. */
export function hostnameOf(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith("[")) return host.slice(1, host.indexOf("]"));
  return host.replace(/:\d+$/, "").replace(/\.$/, "");
}

function summarise(account: Account): AccountSummary {
  return {
    accountId: account.accountId,
    slug: account.slug,
    domain: account.domain,
    settings: account.settings,
  };
}

/**
 * Host → tenant: the base domain (or www.) is the platform, `{slug}.{base}` an account by slug,
 * any other host that is a valid domain an account by custom domain, the rest unknown. The
 * platform account holds the platform's own content and has no site: no host is it.
 * Answers are cached in memory; `invalidate` drops them when an account changes.
 */
export function createTenantResolver({
  database,
  baseDomain,
}: {
  database: Database;
  baseDomain: string;
}) {
  const cache = new Map<string, { tenant: Tenant; expires: number; bytes: number }>();
  let bytes = 0;
  const drop = (host: string) => {
    bytes -= cache.get(host)?.bytes ?? 0;
    cache.delete(host);
  };

  async function lookup(hostname: string): Promise<Tenant> {
    if (hostname === baseDomain || hostname === `www.${baseDomain}`) return { kind: "platform" };
    const suffix = `.${baseDomain}`;
    let account: Account | undefined;
    if (hostname.endsWith(suffix)) {
      const slug = hostname.slice(0, -suffix.length);
      if (!slug.includes(".")) account = await database.asApp((tx) => findAccountBySlug(tx, slug));
    } else if (domainPattern.test(hostname)) {
      account = await database.asApp((tx) => findAccountByDomain(tx, hostname));
    }
    if (!account || isPlatformAccount(account.accountId))
      return { kind: "unknown", host: hostname };
    // The console's suspension (issue 17): the host answers a "suspended" page until restored.
    if (account.suspendedAt) return { kind: "suspended", account: summarise(account) };
    return { kind: "account", account: summarise(account) };
  }

  return {
    async resolve(hostHeader: string | undefined): Promise<Tenant> {
      const hostname = hostnameOf(hostHeader ?? "");
      const now = Date.now();
      const hit = cache.get(hostname);
      if (hit && hit.expires > now) return hit.tenant;
      const tenant = await lookup(hostname);
      // A site's settings are its size; an unknown host only its name.
      const size = hostname.length * 4 + JSON.stringify(tenant).length * 2 + 128;
      drop(hostname);
      while (cache.size > 0 && (cache.size >= MAX_ENTRIES || bytes + size > MAX_BYTES))
        drop(cache.keys().next().value!);
      cache.set(hostname, {
        tenant,
        expires: now + (tenant.kind === "unknown" ? UNKNOWN_TTL_MS : FOUND_TTL_MS),
        bytes: size,
      });
      bytes += size;
      return tenant;
    },
    /** Forget one account's hosts (after a change), or everything when no id is given. */
    invalidate(accountId?: string) {
      for (const [host, entry] of cache) {
        const stale =
          accountId === undefined ||
          entry.tenant.kind === "unknown" ||
          ((entry.tenant.kind === "account" || entry.tenant.kind === "suspended") &&
            entry.tenant.account.accountId === accountId);
        if (stale) drop(host);
      }
    },
    /** For /api/health: how full it is against its bounds. */
    stats() {
      return { entries: cache.size, maxEntries: MAX_ENTRIES, bytes, maxBytes: MAX_BYTES };
    },
  };
}

export type TenantResolver = ReturnType<typeof createTenantResolver>;

/** Bus topic: an account was created or changed; every instance forgets its host lookups. */
export const ACCOUNT_CHANGED = "accounts.changed";
export * from "./site-account.server";
export * from "./platform-account.server";
export { deleteAccount, findAccountBySlug, insertAccount } from "./queries.server";
export {
  cancelDomainClaim,
  claimCustomDomain,
  domainStateOf,
  removeCustomDomain,
  verifyCustomDomain,
} from "./custom-domain.server";
export * from "./account-status.server";
