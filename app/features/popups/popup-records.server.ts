import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { checkContactsManager } from "~/features/contacts/contacts.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import { createTtlCache } from "~/platform/ttl-cache";
import {
  popupInputSchema,
  popupTargets,
  type PopupDefinition,
  type PopupRow,
} from "./popup-shapes";
import { popups } from "./tables.server";

type Place = { accountId: string; viewer: Viewer | null };
type StoredPopup = typeof popups.$inferSelect;

const popupIs = (accountId: string, id: string) =>
  and(eq(popups.accountId, accountId), eq(popups.id, id));

const definitionOf = (row: StoredPopup): PopupDefinition => ({
  name: row.name,
  status: row.status,
  layout: row.layout,
  formId: row.formId ?? "",
  title: row.title,
  body: row.body,
  ctaLabel: row.ctaLabel,
  ctaHref: row.ctaHref,
  trigger: row.trigger,
  delaySeconds: row.delaySeconds,
  scrollPercent: row.scrollPercent,
  pathsMode: row.pathsMode,
  paths: row.paths,
  capDays: row.capDays,
  startsAt: row.startsAt?.toISOString() ?? "",
  endsAt: row.endsAt?.toISOString() ?? "",
});

/** The site's popups with what each did, newest change first. */
export async function listPopups(database: Database, { accountId, viewer }: Place) {
  checkContactsManager(viewer);
  const rows = await database.forAccount(accountId, (tx) =>
    tx
      .select()
      .from(popups)
      .where(eq(popups.accountId, accountId))
      .orderBy(desc(popups.updatedAt))
      .limit(500),
  );
  return rows.map((row): PopupRow => ({
    id: row.id,
    name: row.name,
    status: row.status,
    layout: row.layout,
    trigger: row.trigger,
    views: row.views,
    conversions: row.conversions,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function loadPopup(
  database: Database,
  { accountId, viewer, id }: Place & { id: string },
) {
  checkContactsManager(viewer);
  const [row] = await database.forAccount(accountId, (tx) =>
    tx.select().from(popups).where(popupIs(accountId, id)),
  );
  if (!row) throw new AppError({ code: "route.notFound" });
  return { id: row.id, popup: definitionOf(row), views: row.views, conversions: row.conversions };
}

const commandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("savePopup"), id: z.uuid().nullable(), popup: z.unknown() }),
  z.object({ intent: z.literal("deletePopup"), id: z.uuid() }),
]);

type SaveAnswer =
  { ok: true; id: string } | { ok: false; code: "request.invalid"; issues: FieldIssue[] };

/**
 * M5 the popups screen's action: save (make or change) or delete one. A mistake the owner can
 * correct comes back as field issues, nothing saved. `changed` runs after any change (the
 * pages that carry popups are cached).
 */
export async function commandPopups(
  database: Database,
  {
    accountId,
    viewer,
    body,
    changed,
    now = new Date(),
  }: Place & { body: unknown; changed: () => Promise<unknown>; now?: Date },
): Promise<SaveAnswer> {
  checkContactsManager(viewer);
  const parsed = commandSchema.safeParse(body);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const command = parsed.data;
  if (command.intent === "deletePopup") {
    const gone = await database.forAccount(accountId, (tx) =>
      tx.delete(popups).where(popupIs(accountId, command.id)).returning({ id: popups.id }),
    );
    if (gone.length === 0) throw new AppError({ code: "route.notFound" });
    forgetVisitorPopups(accountId);
    await changed();
    return { ok: true, id: command.id };
  }
  const input = popupInputSchema.safeParse(command.popup);
  if (!input.success)
    return { ok: false, code: "request.invalid", issues: fieldIssuesOf(input.error) };
  const { formId, startsAt, endsAt, ...rest } = input.data;
  const values = {
    ...rest,
    formId: formId || null,
    startsAt: startsAt ? new Date(startsAt) : null,
    endsAt: endsAt ? new Date(endsAt) : null,
    updatedAt: now,
  };
  const id = await database.forAccount(accountId, async (tx) => {
    if (command.id === null) {
      const [row] = await tx
        .insert(popups)
        .values({ accountId, ...values, createdAt: now })
        .returning({ id: popups.id });
      return row!.id;
    }
    const [row] = await tx
      .update(popups)
      .set(values)
      .where(popupIs(accountId, command.id))
      .returning({ id: popups.id });
    if (!row) throw new AppError({ code: "route.notFound" });
    return row.id;
  });
  forgetVisitorPopups(accountId);
  await changed();
  return { ok: true, id };
}

/**
 * Each site's active popups, read once a minute at most per process (every page of the site
 * asks): keyed by the site's account, bounded, and dropped on this process's own changes.
 */
const activePopups = createTtlCache<StoredPopup[]>({ ttlMs: 60_000, max: 10_000 });
export const forgetVisitorPopups = (accountId: string) =>
  activePopups.invalidate((key) => key === accountId);

/** The popups that open on `pathname` now: active, in their dates, aimed at that page. */
export async function popupsFor(
  database: Database,
  { accountId, pathname, now = new Date() }: { accountId: string; pathname: string; now?: Date },
): Promise<StoredPopup[]> {
  let rows = activePopups.get(accountId);
  if (!rows) {
    rows = await database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(popups)
        .where(and(eq(popups.accountId, accountId), eq(popups.status, "active")))
        .orderBy(popups.createdAt)
        .limit(20),
    );
    activePopups.set(accountId, rows);
  }
  return rows.filter(
    (row) =>
      (!row.startsAt || row.startsAt <= now) &&
      (!row.endsAt || row.endsAt > now) &&
      popupTargets(row, pathname),
  );
}

/**
 * A visitor's page tells that a popup was seen or its button followed; a form sent from it
 * counts as a conversion where the answer is taken (`countConversion`). Unknown ids change nothing.
 */
export async function countPopupEvent(
  database: Database,
  { accountId, id, event }: { accountId: string; id: string; event: "view" | "click" },
) {
  await database.forAccount(accountId, (tx) =>
    tx
      .update(popups)
      .set(
        event === "view"
          ? { views: sql`${popups.views} + 1` }
          : { conversions: sql`${popups.conversions} + 1` },
      )
      .where(popupIs(accountId, id)),
  );
}
