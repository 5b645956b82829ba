import { z } from "zod";

/**
 * An account's archive (decision 081): a gzipped tar whose first entry is this manifest, then
 * `people.ndjson`, one `tables/<table>.ndjson` per table (a row per line, as PostgreSQL's
 * `row_to_json` writes it), then the files as `files/<bucket kind>/<key>`. Plain formats on
 * purpose: the owner can open it with `tar` and read every row without Lyceum.
 */
export const MANIFEST_ENTRY = "lyceum-account.json";
export const PEOPLE_ENTRY = "people.ndjson";
export const ARCHIVE_FORMAT = "lyceum-account";
export const ARCHIVE_VERSION = 1;

/** The account's buckets, named in the archive without the account's id. */
export const bucketKinds = ["account", "private"] as const;
export type BucketKind = (typeof bucketKinds)[number];

const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  exportedAt: z.iso.datetime({ offset: true }),
  /** Migrations the exporting database had applied: a server imports the same or older. */
  schemaVersion: z.number().int().nonnegative(),
  account: z.object({ id: z.uuid(), slug: z.string().min(1), domain: z.string().nullable() }),
  people: z.number().int().nonnegative(),
  tables: z
    .array(z.object({ name: identifier, columns: z.array(identifier), rows: z.number().int() }))
    .max(1000),
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().nonnegative() }),
  /** Columns not carried (sealed keys), `table.column`: to be entered again on the new server. */
  leftOut: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const tableEntry = (table: string) => `tables/${table}.ndjson`;
export const fileEntry = (kind: BucketKind, key: string) => `files/${kind}/${key}`;

/** What an entry's name says it is; null for a name an archive of ours never holds. */
export function readEntryName(
  name: string,
):
  | { kind: "people" }
  | { kind: "table"; table: string }
  | { kind: "file"; bucket: BucketKind; key: string }
  | null {
  if (name === PEOPLE_ENTRY) return { kind: "people" };
  const table = /^tables\/([a-z_][a-z0-9_]{0,62})\.ndjson$/.exec(name);
  if (table) return { kind: "table", table: table[1]! };
  const file = /^files\/(account|private)\/(.+)$/.exec(name);
  if (file) return { kind: "file", bucket: file[1] as BucketKind, key: file[2]! };
  return null;
}

/** A person as the archive carries them: no password, no second factor, no sessions. */
export const personSchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string(),
  email: z.string().min(3).max(320),
  email_verified: z.boolean(),
  image: z.string().nullable(),
  phone_number: z.string().nullable(),
  phone_number_verified: z.boolean().nullable(),
  created_at: z.string(),
});
export type ArchivedPerson = z.infer<typeof personSchema>;
