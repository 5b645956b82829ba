// The platform console's screens (issue 17 scope 7): what the server hands each one, and how
// their query strings and commands are read. Client-safe.
import { z } from "zod";
import { accountFeatureNames, type AccountFeature } from "~/features/accounts/accounts";

export const consolePageSize = 25;

export type Paged<T> = { rows: T[]; total: number; page: number; pageSize: number };

export type AccountRow = {
  accountId: string;
  slug: string;
  domain: string | null;
  title: string;
  plan: string | null;
  /** The plan's name in the catalogue (null: no plan, or one the catalogue no longer has). */
  planLabel: string | null;
  /** The first owner's address (site_owner members, oldest first), null when it has none. */
  ownerEmail: string | null;
  members: number;
  createdAt: string;
  suspendedAt: string | null;
  /** The site's own address (its custom domain, else `{slug}.{base}`). */
  siteUrl: string;
};

export type MeterRow = {
  meter: string;
  used: number;
  limit: number;
  state: "ok" | "near" | "grace" | "limited";
};

export type AccountDetail = AccountRow & {
  owners: { userId: string; name: string; email: string }[];
  /** Every feature: whether the plan includes it and whether the account has it on. */
  features: { name: AccountFeature; included: boolean; on: boolean }[];
  /** This month's meters against the plan's limits (0: the plan names none). */
  meters: MeterRow[];
  /** The account is the one whose dashboard this console runs on: it cannot be suspended here. */
  isHost: boolean;
};

export type AccountsQuery = {
  q: string;
  status: "all" | "active" | "suspended";
  sort: "slug" | "newest";
  page: number;
  /** The account whose detail (drawer) is open. */
  account: string | null;
};

export type AccountsScreen = {
  query: AccountsQuery;
  accounts: Paged<AccountRow>;
  detail: AccountDetail | null;
};

export type OwnerRow = {
  userId: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: string;
  sites: { accountId: string; slug: string; title: string; suspended: boolean }[];
};

export type OwnersScreen = {
  query: { q: string; page: number };
  /** Paged by site (the owners of a page of sites), `total` counting sites. */
  owners: Paged<OwnerRow>;
};

export const consoleActions = [
  "account.suspend",
  "account.restore",
  "account.features",
  "account.openAsOwner",
  "account.openAsOwner.redeemed",
] as const;
export type ConsoleAction = (typeof consoleActions)[number];

export type AuditRow = {
  id: string;
  createdAt: string;
  actorEmail: string;
  action: string;
  target: { accountId: string; slug: string | null } | null;
  details: Record<string, unknown>;
};

export type AuditScreen = {
  query: { site: string; page: number };
  /** The site the filter names, when it names one that exists. */
  site: { accountId: string; slug: string } | null;
  entries: Paged<AuditRow>;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const pageOf = (value: string | null) => {
  const page = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1;
};
const termOf = (value: string | null) => (value ?? "").trim().slice(0, 100);
const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Anything unknown in the query falls back to its default: a link never breaks the screen. */
export function parseAccountsQuery(search: URLSearchParams): AccountsQuery {
  const account = search.get("account");
  return {
    q: termOf(search.get("q")),
    status: pick(search.get("status"), ["all", "active", "suspended"] as const, "all"),
    sort: pick(search.get("sort"), ["slug", "newest"] as const, "slug"),
    page: pageOf(search.get("page")),
    account: account && uuidPattern.test(account) ? account.toLowerCase() : null,
  };
}

export function parseOwnersQuery(search: URLSearchParams): OwnersScreen["query"] {
  return { q: termOf(search.get("q")), page: pageOf(search.get("page")) };
}

export function parseAuditQuery(search: URLSearchParams): AuditScreen["query"] {
  return { site: termOf(search.get("site")).toLowerCase(), page: pageOf(search.get("page")) };
}

const accountId = z.string().uuid();

/** What the accounts screen's action takes (a JSON body). */
export const consoleCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("suspend"), accountId }),
  z.object({ intent: z.literal("restore"), accountId }),
  z.object({
    intent: z.literal("features"),
    accountId,
    features: z.array(z.enum(accountFeatureNames)).max(accountFeatureNames.length),
  }),
  z.object({ intent: z.literal("openAsOwner"), accountId }),
]);
export type ConsoleCommand = z.infer<typeof consoleCommandSchema>;

export type ConsoleAnswer =
  { ok: true; url?: string } | { ok: false; code: string; issues: unknown[] };
