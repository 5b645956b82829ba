import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { courses } from "~/features/courses/tables.server";
import { enrolments } from "~/features/learning/tables.server";
import { products } from "~/features/products/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { orderItems, orders } from "~/features/orders/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import { uniqueViolation } from "~/platform/db/unique-violation";
import {
  segmentInputSchema,
  segmentRulesSchema,
  type SegmentRow,
  type SegmentRules,
} from "./contact-shapes";
import { checkContactsManager } from "./contact-records.server";
import { contacts, segments } from "./tables.server";

/*
 * Segments: rules over a site's contacts (their state, source, tags, custom fields, dates) and
 * over what their member did (courses enrolled in, products bought), turned into one SQL
 * condition so that a count, a page of the list and a campaign's audience all ask the same.
 */

/** A list of values as one SQL array (drizzle sends a JS array as one text parameter). */
export const sqlArray = (values: readonly string[], type: "text" | "uuid") =>
  values.length
    ? sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::${sql.raw(type)}[]`
    : sql`'{}'::${sql.raw(type)}[]`;

/** The first instant of a day in the site's time zone, or of the day after (`end`). */
const dayStart = (day: string, timeZone: string, end = false) =>
  sql`((${day}::date + ${sql.raw(end ? "1" : "0")})::timestamp at time zone ${timeZone}::text)`;

/** Order states in which the person paid (and kept what they bought). */
const boughtStatuses = ["paid", "fulfilled"];

/** The rules as one condition on `contacts` (every rule given must hold). */
export function segmentWhere({
  accountId,
  rules: input,
  timeZone,
}: {
  accountId: string;
  rules: unknown;
  timeZone: string;
}): SQL | undefined {
  const rules = segmentRulesSchema.parse(input);
  const parts: (SQL | undefined)[] = [];
  if (rules.statuses.length)
    parts.push(sql`${contacts.status} = any(${sqlArray(rules.statuses, "text")})`);
  if (rules.sources.length)
    parts.push(sql`${contacts.source} = any(${sqlArray(rules.sources, "text")})`);
  if (rules.tagsAny.length) parts.push(sql`${contacts.tags} && ${sqlArray(rules.tagsAny, "text")}`);
  if (rules.tagsAll.length) parts.push(sql`${contacts.tags} @> ${sqlArray(rules.tagsAll, "text")}`);
  if (rules.tagsNone.length)
    parts.push(sql`not (${contacts.tags} && ${sqlArray(rules.tagsNone, "text")})`);
  for (const { key, op, value } of rules.fields) {
    const field = sql`(${contacts.fields} ->> ${key})`;
    if (op === "is") parts.push(sql`lower(${field}) = lower(${value})`);
    else if (op === "isNot") parts.push(sql`coalesce(lower(${field}), '') <> lower(${value})`);
    else if (op === "contains")
      parts.push(sql`${field} ilike ${`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    else if (op === "isSet") parts.push(sql`coalesce(${field}, '') <> ''`);
    else parts.push(sql`coalesce(${field}, '') = ''`);
  }
  if (rules.courseIds.length)
    parts.push(sql`exists (
      select 1 from ${enrolments}
       where ${enrolments.accountId} = ${accountId} and ${enrolments.userId} = ${contacts.userId}
         and ${enrolments.courseId} = any(${sqlArray(rules.courseIds, "uuid")}))`);
  if (rules.productIds.length)
    parts.push(sql`exists (
      select 1 from ${orders} join ${orderItems}
          on ${orderItems.accountId} = ${orders.accountId} and ${orderItems.orderId} = ${orders.id}
       where ${orders.accountId} = ${accountId} and ${orders.userId} = ${contacts.userId}
         and ${orders.status} = any(${sqlArray(boughtStatuses, "text")})
         and ${orderItems.productId} = any(${sqlArray(rules.productIds, "uuid")}))`);
  if (rules.createdFrom)
    parts.push(sql`${contacts.createdAt} >= ${dayStart(rules.createdFrom, timeZone)}`);
  if (rules.createdTo)
    parts.push(sql`${contacts.createdAt} < ${dayStart(rules.createdTo, timeZone, true)}`);
  if (rules.activeFrom)
    parts.push(sql`${contacts.lastActivityAt} >= ${dayStart(rules.activeFrom, timeZone)}`);
  if (rules.activeTo)
    parts.push(sql`${contacts.lastActivityAt} < ${dayStart(rules.activeTo, timeZone, true)}`);
  return and(...parts);
}

/** How many contacts the rules select now. */
export async function countSegment(
  tx: Tx,
  {
    accountId,
    rules,
    timeZone,
  }: { accountId: string; rules: SegmentRules | unknown; timeZone: string },
): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), segmentWhere({ accountId, rules, timeZone })));
  return Number(row?.count ?? 0);
}

/** The site's saved segments, each counted live. */
export async function listSegments(
  database: Database,
  { accountId, viewer, timeZone }: { accountId: string; viewer: Viewer | null; timeZone: string },
): Promise<SegmentRow[]> {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx) => {
    const rows = await tx
      .select()
      .from(segments)
      .where(eq(segments.accountId, accountId))
      .orderBy(asc(segments.name));
    const out: SegmentRow[] = [];
    for (const row of rows) {
      const rules = segmentRulesSchema.parse(row.rules);
      out.push({
        id: row.id,
        name: row.name,
        rules,
        count: await countSegment(tx, { accountId, rules, timeZone }),
      });
    }
    return out;
  });
}

/** The count a segment's rules would have, while the owner is still choosing them. */
export async function previewSegment(
  database: Database,
  {
    accountId,
    viewer,
    rules,
    timeZone,
  }: { accountId: string; viewer: Viewer | null; rules: unknown; timeZone: string },
): Promise<number> {
  checkContactsManager(viewer);
  const parsed = segmentRulesSchema.safeParse(rules);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  return database.forAccount(accountId, (tx) =>
    countSegment(tx, { accountId, rules: parsed.data, timeZone }),
  );
}

/** Saves a new segment (`id` null) or changes one; a name already used is the field's issue. */
export async function saveSegment(
  database: Database,
  {
    accountId,
    viewer,
    id,
    input,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; id: string | null; input: unknown; now?: Date },
) {
  checkContactsManager(viewer);
  const parsed = segmentInputSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false as const, code: "request.invalid", issues: fieldIssuesOf(parsed.error) };
  const { name, rules } = parsed.data;
  try {
    return await database.forAccount(accountId, async (tx) => {
      if (id === null) {
        const [row] = await tx
          .insert(segments)
          .values({ accountId, name, rules, createdAt: now, updatedAt: now })
          .returning({ id: segments.id });
        return { ok: true as const, id: row!.id };
      }
      const [row] = await tx
        .update(segments)
        .set({ name, rules, updatedAt: now })
        .where(and(eq(segments.accountId, accountId), eq(segments.id, id)))
        .returning({ id: segments.id });
      if (!row) throw new AppError({ code: "route.notFound" });
      return { ok: true as const, id: row.id };
    });
  } catch (error) {
    if (uniqueViolation(error) !== null)
      return {
        ok: false as const,
        code: "request.invalid",
        issues: [{ path: "name", code: "custom", origin: "nameTaken" }] satisfies FieldIssue[],
      };
    throw error;
  }
}

export async function deleteSegment(
  database: Database,
  { accountId, viewer, id }: { accountId: string; viewer: Viewer | null; id: string },
) {
  checkContactsManager(viewer);
  await database.forAccount(accountId, (tx) =>
    tx.delete(segments).where(and(eq(segments.accountId, accountId), eq(segments.id, id))),
  );
}

/** What the segment editor offers to choose from: the site's courses and products. */
export async function segmentChoices(database: Database, { accountId }: { accountId: string }) {
  return database.forAccount(accountId, async (tx) => ({
    courses: await tx
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(eq(courses.accountId, accountId))
      .orderBy(asc(courses.title))
      .limit(500),
    products: await tx
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(eq(products.accountId, accountId))
      .orderBy(asc(products.title))
      .limit(500),
  }));
}
