import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { checkContactsManager } from "~/features/contacts/contacts.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { uniqueViolation } from "~/platform/db/unique-violation";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import {
  formInputSchema,
  SUBMISSIONS_PER_PAGE,
  submissionListQuerySchema,
  type FormDefinition,
  type FormRow,
  type PublicForm,
  type SubmissionRow,
} from "./form-shapes";
import { formSubmissions, forms } from "./tables.server";

type Place = { accountId: string; viewer: Viewer | null };
type StoredForm = typeof forms.$inferSelect;

const formIs = (accountId: string, id: string) =>
  and(eq(forms.accountId, accountId), eq(forms.id, id));

/** What the builder edits: the stored form as its input shape. */
export const definitionOf = (form: StoredForm): FormDefinition => ({
  name: form.name,
  slug: form.slug,
  status: form.status,
  fields: form.fields,
  submitLabel: form.submitLabel,
  successMessage: form.successMessage,
  redirectUrl: form.redirectUrl,
  tags: form.tags,
  doubleOptIn: form.doubleOptIn,
});

export const publicFormOf = (form: StoredForm): PublicForm => ({
  id: form.id,
  slug: form.slug,
  name: form.name,
  fields: form.fields,
  submitLabel: form.submitLabel,
  successMessage: form.successMessage,
  status: form.status,
});

/** The site's forms with their answers counted, newest change first. */
export async function listForms(database: Database, { accountId, viewer }: Place) {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx): Promise<FormRow[]> => {
    const rows = await tx
      .select({
        id: forms.id,
        name: forms.name,
        slug: forms.slug,
        status: forms.status,
        doubleOptIn: forms.doubleOptIn,
        updatedAt: forms.updatedAt,
      })
      .from(forms)
      .where(eq(forms.accountId, accountId))
      .orderBy(desc(forms.updatedAt))
      .limit(500);
    const counted = await tx
      .select({ formId: formSubmissions.formId, count: count() })
      .from(formSubmissions)
      .where(eq(formSubmissions.accountId, accountId))
      .groupBy(formSubmissions.formId);
    const answers = new Map(counted.map((row) => [row.formId, Number(row.count)]));
    return rows.map((row) => ({
      ...row,
      submissions: answers.get(row.id) ?? 0,
      updatedAt: row.updatedAt.toISOString(),
    }));
  });
}

/** One form as the builder edits it. */
export async function loadForm(
  database: Database,
  { accountId, viewer, id }: Place & { id: string },
) {
  checkContactsManager(viewer);
  const [form] = await database.forAccount(accountId, (tx) =>
    tx.select().from(forms).where(formIs(accountId, id)),
  );
  if (!form) throw new AppError({ code: "route.notFound" });
  return { id: form.id, form: definitionOf(form) };
}

type SaveAnswer =
  { ok: true; id: string } | { ok: false; code: "request.invalid"; issues: FieldIssue[] };

/** Makes (`id` null) or changes a form; a mistake comes back as field issues, nothing saved. */
export async function saveForm(
  database: Database,
  {
    accountId,
    viewer,
    id,
    input,
    now = new Date(),
  }: Place & { id: string | null; input: unknown; now?: Date },
): Promise<SaveAnswer> {
  checkContactsManager(viewer);
  const parsed = formInputSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: "request.invalid", issues: fieldIssuesOf(parsed.error) };
  const values = { ...parsed.data, updatedAt: now };
  try {
    return await database.forAccount(accountId, async (tx) => {
      if (id === null) {
        const [row] = await tx
          .insert(forms)
          .values({ accountId, ...values, createdAt: now })
          .returning({ id: forms.id });
        return { ok: true as const, id: row!.id };
      }
      const [row] = await tx
        .update(forms)
        .set(values)
        .where(formIs(accountId, id))
        .returning({ id: forms.id });
      if (!row) throw new AppError({ code: "route.notFound" });
      return { ok: true as const, id: row.id };
    });
  } catch (error) {
    if (uniqueViolation(error) !== null)
      return {
        ok: false,
        code: "request.invalid",
        issues: [{ path: "slug", code: "custom", origin: "slugTaken" }],
      };
    throw error;
  }
}

/** A form and its answers go; the contacts they made stay. */
export async function deleteForm(
  database: Database,
  { accountId, viewer, id }: Place & { id: string },
) {
  checkContactsManager(viewer);
  const deleted = await database.forAccount(accountId, (tx) =>
    tx.delete(forms).where(formIs(accountId, id)).returning({ id: forms.id }),
  );
  if (deleted.length === 0) throw new AppError({ code: "route.notFound" });
}

/** A visitor's view of a form, by its address or its id; a closed form still shows (as closed). */
export async function publicForm(
  database: Database,
  { accountId, slug, id }: { accountId: string; slug?: string; id?: string },
): Promise<PublicForm | null> {
  const [form] = await database.forAccount(accountId, (tx) =>
    tx
      .select()
      .from(forms)
      .where(
        and(
          eq(forms.accountId, accountId),
          slug !== undefined ? eq(forms.slug, slug) : eq(forms.id, id ?? ""),
        ),
      ),
  );
  return form ? publicFormOf(form) : null;
}

/** The forms page blocks and popups name, by id (the ones that exist). */
export async function publicFormsById(
  tx: Tx,
  { accountId, ids }: { accountId: string; ids: readonly string[] },
): Promise<Map<string, PublicForm>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(forms)
    .where(and(eq(forms.accountId, accountId), inArray(forms.id, [...ids])));
  return new Map(rows.map((row) => [row.id, publicFormOf(row)]));
}

/** The site's forms by name, for the page builder's form picker. */
export async function formChoices(tx: Tx, { accountId }: { accountId: string }) {
  return tx
    .select({ id: forms.id, name: forms.name })
    .from(forms)
    .where(eq(forms.accountId, accountId))
    .orderBy(forms.name)
    .limit(500);
}

/** Whole rows in the stored form (for the visitor's answer, the only path that needs them). */
export async function storedForm(tx: Tx, { accountId, id }: { accountId: string; id: string }) {
  const [form] = await tx.select().from(forms).where(formIs(accountId, id));
  return form ?? null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function submissionsWhere(accountId: string, formId: string, q: string): SQL | undefined {
  const text = q.trim();
  return and(
    eq(formSubmissions.accountId, accountId),
    eq(formSubmissions.formId, formId),
    text
      ? or(
          ilike(formSubmissions.email, `%${escapeLike(text)}%`),
          ilike(sql`${formSubmissions.values}::text`, `%${escapeLike(text)}%`),
        )
      : undefined,
  );
}

const submissionRowOf = (row: typeof formSubmissions.$inferSelect): SubmissionRow => ({
  id: row.id,
  email: row.email,
  contactId: row.contactId,
  values: row.values,
  pageUrl: row.pageUrl,
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
});

/** One page of a form's answers, newest first, searched in the address and every value. */
export async function listSubmissions(
  database: Database,
  { accountId, viewer, formId, search }: Place & { formId: string; search: URLSearchParams },
) {
  checkContactsManager(viewer);
  const query = submissionListQuerySchema.parse(Object.fromEntries(search));
  const where = submissionsWhere(accountId, formId, query.q);
  return database.forAccount(accountId, async (tx) => {
    const rows = await tx
      .select()
      .from(formSubmissions)
      .where(where)
      .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
      .limit(SUBMISSIONS_PER_PAGE)
      .offset((query.page - 1) * SUBMISSIONS_PER_PAGE);
    const [total] = await tx.select({ count: count() }).from(formSubmissions).where(where);
    return { rows: rows.map(submissionRowOf), total: Number(total?.count ?? 0), query };
  });
}

export const SUBMISSIONS_EXPORT_LIMIT = 100_000;

/** Every answer the search selects, oldest first, for the CSV export. */
export async function submissionsForExport(
  database: Database,
  { accountId, viewer, formId, search }: Place & { formId: string; search: URLSearchParams },
) {
  checkContactsManager(viewer);
  const query = submissionListQuerySchema.parse(Object.fromEntries(search));
  return database.forAccount(accountId, async (tx) => {
    const form = await storedForm(tx, { accountId, id: formId });
    if (!form) throw new AppError({ code: "route.notFound" });
    const rows = await tx
      .select()
      .from(formSubmissions)
      .where(submissionsWhere(accountId, formId, query.q))
      .orderBy(formSubmissions.createdAt, formSubmissions.id)
      .limit(SUBMISSIONS_EXPORT_LIMIT);
    return { form: publicFormOf(form), rows: rows.map(submissionRowOf) };
  });
}

/** Answers the owner removes (spam that got through, a person's request to be forgotten). */
export async function deleteSubmissions(
  database: Database,
  { accountId, viewer, formId, ids }: Place & { formId: string; ids: string[] },
) {
  checkContactsManager(viewer);
  const deleted = await database.forAccount(accountId, (tx) =>
    tx
      .delete(formSubmissions)
      .where(
        and(
          eq(formSubmissions.accountId, accountId),
          eq(formSubmissions.formId, formId),
          inArray(formSubmissions.id, ids),
        ),
      )
      .returning({ id: formSubmissions.id }),
  );
  return { deleted: deleted.length };
}
