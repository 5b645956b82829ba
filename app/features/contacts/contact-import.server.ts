import { toCsv } from "~/platform/csv";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { z } from "zod";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { plainTextSchema } from "~/platform/safe-value-schemas";
import {
  contactEmailSchema,
  fieldKeySchema,
  tagsSchema,
  type ContactRow,
  type ContactStatus,
} from "./contact-shapes";
import { checkContactsManager, emailKey, type ConsentProof } from "./contact-records.server";
import { sqlArray } from "./segments.server";
import { contactConsents, contacts } from "./tables.server";

/*
 * M5 contacts from a CSV file: the owner sends the file's text, sees its columns with a guess
 * of what each holds and a preview of the rows (each row's mistakes named), changes the
 * mapping, and imports. The import is one transaction: every good row, or — if anything
 * fails underneath — none. Rows with mistakes are skipped and listed, never half-written.
 */

/** The largest file taken (its text) and the most rows. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** Rows shown in the preview, and row mistakes listed in an answer. */
const PREVIEW_ROWS = 5;
const LISTED_PROBLEMS = 100;

/** What a column holds: the address, the name, tags (separated by `,` `;` or `|`), a field, or nothing. */
const columnTarget = z.union([
  z.enum(["email", "name", "tags", "ignore"]),
  z.templateLiteral(["field:", fieldKeySchema]),
]);
export type ColumnTarget = z.output<typeof columnTarget>;

export const importSchema = z
  .object({
    intent: z.enum(["previewImport", "import"]),
    csv: z.string().max(IMPORT_MAX_BYTES, { abort: true }),
    /** One target per column, in the file's order; absent: guessed from the header. */
    mapping: z.array(columnTarget).max(100).optional(),
    /** New contacts' status: imported people are subscribed only if the owner has their consent. */
    status: z.enum(["subscribed", "unconfirmed", "unsubscribed"]).default("unsubscribed"),
    /** Tags given to every imported contact. */
    tags: tagsSchema.default([]),
    /** Where and how the people agreed (kept in each subscribed contact's consent log). */
    consentNote: plainTextSchema(500).default(""),
    fileName: plainTextSchema(200).default(""),
  })
  // Subscribing people by import needs the record of how they agreed (GDPR art. 7(1)).
  .refine((input) => input.status !== "subscribed" || input.consentNote.trim().length > 0, {
    path: ["consentNote"],
    params: { origin: "required" },
  });

export type ImportProblem = { row: number; reason: "email" | "duplicate" | "tooLong" };

/** A column's likely content from its header: e-mail, name, tags, else a field of that name. */
export function guessTarget(header: string): ColumnTarget {
  const name = header.trim().toLowerCase();
  if (/^(e-?mail|email address|e-mail address|mail|courriel|correo)$/.test(name)) return "email";
  if (/^(name|full name|first name|nom|nombre|naam)$/.test(name)) return "name";
  if (/^(tags?|labels?)$/.test(name)) return "tags";
  const key = name
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40);
  return /^[a-z]/.test(key) ? `field:${key}` : "ignore";
}

type Parsed = { header: string[]; rows: string[][] };

function parseCsv(text: string): Parsed {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [header = [], ...rows] = result.data;
  if (header.length === 0) throw new AppError({ code: "request.invalid" });
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError({ code: "request.tooLarge" });
  return { header, rows };
}

type Candidate = { email: string; name: string; tags: string[]; fields: Record<string, string> };

/** Each row as a contact to write, or its mistake; a second row with one address is a duplicate. */
function readRows(
  { rows }: Parsed,
  mapping: ColumnTarget[],
): { candidates: (Candidate & { row: number })[]; problems: ImportProblem[] } {
  const seen = new Set<string>();
  const candidates: (Candidate & { row: number })[] = [];
  const problems: ImportProblem[] = [];
  rows.forEach((cells, index) => {
    const row = index + 2; // the file's own line numbers, after its header
    const candidate: Candidate = { email: "", name: "", tags: [], fields: {} };
    let tooLong = false;
    mapping.forEach((target, column) => {
      const value = (cells[column] ?? "").trim();
      if (value.length > 500) tooLong = true;
      if (target === "email") candidate.email = value;
      else if (target === "name") candidate.name = value.slice(0, 120);
      else if (target === "tags")
        candidate.tags = value
          .split(/[,;|]/)
          .map((tag) => tag.trim().slice(0, 40))
          .filter(Boolean);
      else if (target !== "ignore" && value)
        candidate.fields[target.slice("field:".length)] = value;
    });
    const email = contactEmailSchema.safeParse(candidate.email);
    if (tooLong) return void problems.push({ row, reason: "tooLong" });
    if (!email.success) return void problems.push({ row, reason: "email" });
    const key = emailKey(email.data);
    if (seen.has(key)) return void problems.push({ row, reason: "duplicate" });
    seen.add(key);
    candidates.push({ ...candidate, email: email.data, tags: candidate.tags.slice(0, 50), row });
  });
  return { candidates, problems };
}

const mappingFor = (parsed: Parsed, asked: ColumnTarget[] | undefined): ColumnTarget[] =>
  parsed.header.map((header, column) => asked?.[column] ?? guessTarget(header));

/** The mapping step: the columns, their targets, the first rows, and what an import would do. */
export function previewImport(viewer: Viewer | null, input: z.output<typeof importSchema>) {
  checkContactsManager(viewer);
  const parsed = parseCsv(input.csv);
  const mapping = mappingFor(parsed, input.mapping);
  const hasEmail = mapping.includes("email");
  const { candidates, problems } = hasEmail
    ? readRows(parsed, mapping)
    : { candidates: [], problems: [] };
  return {
    ok: true as const,
    columns: parsed.header,
    mapping,
    sample: parsed.rows.slice(0, PREVIEW_ROWS),
    rowCount: parsed.rows.length,
    valid: candidates.length,
    problems: problems.slice(0, LISTED_PROBLEMS),
    problemCount: problems.length,
    hasEmail,
  };
}

/**
 * Imports every good row in one transaction: new addresses become contacts (source import,
 * with the chosen status, the consent note logged for subscribed ones); known ones get the
 * file's name when they had none, its tags and fields — and keep their status, so an import
 * never subscribes someone who unsubscribed.
 */
export async function importContacts(
  database: Database,
  {
    accountId,
    viewer,
    input,
    now = new Date(),
  }: {
    accountId: string;
    viewer: Viewer | null;
    input: z.output<typeof importSchema>;
    now?: Date;
  },
) {
  const manager = checkContactsManager(viewer);
  const parsed = parseCsv(input.csv);
  const mapping = mappingFor(parsed, input.mapping);
  if (!mapping.includes("email"))
    return {
      ok: false as const,
      code: "request.invalid",
      issues: [{ path: "mapping", code: "custom", origin: "emailColumn" }],
    };
  const { candidates, problems } = readRows(parsed, mapping);
  const proof = {
    wording: input.consentNote,
    origin: `import:${input.fileName || "file"}:${manager.user.id}`,
  };
  const counts = await database.forAccount(accountId, async (tx) => {
    let created = 0;
    for (let start = 0; start < candidates.length; start += IMPORT_BATCH) {
      const batch = candidates.slice(start, start + IMPORT_BATCH).map((candidate) => ({
        ...candidate,
        tags: [...new Set([...candidate.tags, ...input.tags])],
      }));
      created += await upsertBatch(tx, { accountId, batch, status: input.status, proof, now });
    }
    return { created, updated: candidates.length - created };
  });
  return {
    ok: true as const,
    ...counts,
    problems: problems.slice(0, LISTED_PROBLEMS),
    problemCount: problems.length,
  };
}

/** Rows written by one statement. */
const IMPORT_BATCH = 500;

/**
 * One statement for a batch of rows (their addresses already unique): new addresses become
 * contacts, known ones get the file's name when they had none, its tags and fields, and keep
 * their status. The new subscribed ones get their consent line. Answers how many were new.
 */
async function upsertBatch(
  tx: Tx,
  {
    accountId,
    batch,
    status,
    proof,
    now,
  }: {
    accountId: string;
    batch: Candidate[];
    status: ContactStatus;
    proof: ConsentProof;
    now: Date;
  },
): Promise<number> {
  const values = batch.map(
    (row) => sql`(${accountId}, ${row.email}, ${row.name}, ${status}, 'import',
      ${sqlArray(row.tags, "text")}, ${JSON.stringify(row.fields)}::jsonb, ${now}, ${now}, ${now})`,
  );
  const written = await tx.execute<{ id: string; inserted: boolean }>(sql`
    insert into ${contacts}
           (account_id, email, name, status, source, tags, fields, created_at, updated_at, last_activity_at)
    values ${sql.join(values, sql`, `)}
    on conflict (account_id, lower(email)) do update set
      name = case when ${contacts}.name = '' then excluded.name else ${contacts}.name end,
      tags = array(select distinct t from unnest(${contacts}.tags || excluded.tags) as t order by t),
      fields = ${contacts}.fields || excluded.fields,
      updated_at = excluded.updated_at,
      last_activity_at = excluded.last_activity_at
    returning id, (xmax = 0) as inserted`);
  const created = written.rows.filter((row) => row.inserted);
  if (status === "subscribed" && created.length)
    await tx.insert(contactConsents).values(
      created.map((row) => ({
        accountId,
        contactId: row.id,
        action: "subscribe" as const,
        wording: proof.wording,
        origin: proof.origin,
        at: now,
      })),
    );
  return created.length;
}

/** The CSV export: one row per contact, tags joined by `;`, every custom field a column. */
export function contactsCsv(rows: ContactRow[]): string {
  const fieldKeys = [...new Set(rows.flatMap((row) => Object.keys(row.fields)))].sort();
  return toCsv({
    fields: [
      "email",
      "name",
      "status",
      "source",
      "tags",
      "member",
      "created_at",
      "last_activity_at",
      ...fieldKeys,
    ],
    data: rows.map((row) => [
      row.email,
      row.name,
      row.status,
      row.source,
      row.tags.join(";"),
      row.isMember ? "yes" : "no",
      row.createdAt,
      row.lastActivityAt,
      ...fieldKeys.map((key) => row.fields[key] ?? ""),
    ]),
  });
}
