import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { loadMembership, requireCapability, type Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { hashOf, newSecret } from "./key-secret.server";
import { apiScopes, MAX_LIVE_KEYS, scopeCapability, type ApiKeyRow, type ApiScope } from "./scopes";
import { apiKeys } from "./tables.server";
import { keyCommandSchema, type KeyCommand } from "./validation";

export { presentedKey } from "./key-secret.server";
export { apiRouteFor, apiRoutes, type ApiRoute } from "./route-registry.server";
export { openApiDocument } from "./openapi.server";
export { keyCommandSchema } from "./validation";

/** last_used_at is written when it is older than this: at most once a minute per key. */
export const LAST_USED_GRAIN_MS = 60_000;

const asRow = (row: typeof apiKeys.$inferSelect): ApiKeyRow => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiScope[],
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** The capabilities a set of scopes needs. */
export const capabilitiesOf = (scopes: readonly ApiScope[]) => [
  ...new Set(scopes.map((scope) => scopeCapability[scope])),
];

/** The site's keys, newest first, revoked ones included (the list says so). */
export async function listApiKeys(database: Database, accountId: string): Promise<ApiKeyRow[]> {
  const rows = await database.readAccount(accountId, (tx) =>
    tx.select().from(apiKeys).orderBy(desc(apiKeys.createdAt)).limit(200),
  );
  return rows.map(asRow);
}

type KeyRequest = { database: Database; accountId: string; viewer: Viewer; now?: Date };

/**
 * Makes a key: never beyond what its maker may do here (each scope's capability, checked now
 * and again at every use). Answers the secret, which is not stored and never shown again.
 */
export async function createApiKey(
  { database, accountId, viewer, now = new Date() }: KeyRequest,
  input: Extract<KeyCommand, { intent: "create" }>,
): Promise<{ key: ApiKeyRow; secret: string }> {
  if (viewer.membership?.accountId !== accountId) throw new AppError({ code: "auth.forbidden" });
  for (const cap of capabilitiesOf(input.scopes)) requireCapability(viewer, cap);
  const { secret, prefix, hash } = newSecret();
  const expiresAt = input.expiresInDays
    ? new Date(now.getTime() + input.expiresInDays * 86_400_000)
    : null;
  return database.forAccount(accountId, async (tx) => {
    // One count per site at a time: twenty makers at once still stop at the bound.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${accountId}`}))`);
    const [live] = await tx.select({ n: count() }).from(apiKeys).where(isNull(apiKeys.revokedAt));
    if ((live?.n ?? 0) >= MAX_LIVE_KEYS) throw new AppError({ code: "apiKey.limitReached" });
    const [row] = await tx
      .insert(apiKeys)
      .values({
        accountId,
        name: input.name,
        prefix,
        keyHash: hash,
        scopes: input.scopes,
        createdBy: viewer.user.id,
        createdAt: now,
        expiresAt,
      })
      .returning();
    return { key: asRow(row!), secret };
  });
}

/** Revokes a key at once: the next request with it is refused (no cache keeps keys). */
export async function revokeApiKey(
  { database, accountId, now = new Date() }: Omit<KeyRequest, "viewer">,
  id: string,
): Promise<ApiKeyRow> {
  return database.forAccount(accountId, async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(apiKeys.id, id))
      .returning();
    if (!row) throw new AppError({ code: "apiKey.notFound" });
    return asRow(row);
  });
}

export type ApiKeyPrincipal = { keyId: string; scopes: ApiScope[]; viewer: Viewer };

/**
 * The key a request presents on this site's host, if it is live: found by its hash among this
 * account's keys only (a key of another site is no key here), not revoked, not expired, and its
 * maker still a member holding every capability its scopes need. The viewer it acts as holds
 * only those capabilities.
 */
export async function authenticateApiKey(
  database: Database,
  { accountId, secret, now = new Date() }: { accountId: string; secret: string; now?: Date },
): Promise<ApiKeyPrincipal | null> {
  const hash = hashOf(secret);
  const [row] = await database.readAccount(accountId, (tx) =>
    tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.keyHash, hash)))
      .limit(1),
  );
  if (!row || row.revokedAt || !row.createdBy) return null;
  if (row.expiresAt && row.expiresAt <= now) return null;
  const scopes = row.scopes as ApiScope[];
  const membership = await loadMembership(database, { accountId, userId: row.createdBy });
  const needed = capabilitiesOf(scopes);
  if (!membership || !needed.every((cap) => membership.caps.includes(cap))) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_GRAIN_MS)
    await touch(database, { accountId, id: row.id, now });
  return {
    keyId: row.id,
    scopes,
    viewer: {
      user: {
        id: row.createdBy,
        name: membership.name,
        email: membership.email,
        image: membership.avatar,
      },
      membership: { ...membership, caps: needed },
      isSuperAdmin: false,
    },
  };
}

/** Many requests at once write it once: the condition is checked again by the update. */
async function touch(
  database: Database,
  { accountId, id, now }: { accountId: string; id: string; now: Date },
) {
  const stale = new Date(now.getTime() - LAST_USED_GRAIN_MS);
  await database.forAccount(accountId, (tx) =>
    tx
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))),
      ),
  );
}

/** The scopes this viewer may put on a key: those whose capability they hold here. */
export const grantableScopes = (viewer: Viewer): ApiScope[] =>
  apiScopes.filter((scope) => viewer.membership?.caps.includes(scopeCapability[scope]));

/** The screen's command, parsed here (bad input is a 400 by field, never a half-made key). */
export async function answerKeyCommand(request: KeyRequest, body: unknown) {
  const command = keyCommandSchema.parse(body);
  if (command.intent === "create") {
    const created = await createApiKey(request, command);
    return { ok: true as const, created };
  }
  return { ok: true as const, revoked: await revokeApiKey(request, command.id) };
}
