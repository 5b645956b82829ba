import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { personSchema } from "./archive-format";
import { invalid, linesOf } from "./archive-reading.server";

/**
 * The archive's people on this server: someone whose e-mail is already here is that person
 * (their rows are re-pointed to them); anyone else is added without a password.
 */
export async function placePeople(tx: Tx, file: string) {
  const moved = new Map<string, string>();
  let matched = 0;
  let added = 0;
  for await (const line of linesOf(file)) {
    const parsed = personSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw invalid("person", parsed.error);
    const person = parsed.data;
    const { rows: found } = await tx.execute<{ id: string }>(
      sql`select id from users where lower(email) = lower(${person.email}) limit 1`,
    );
    if (found[0]) {
      matched += 1;
      if (found[0].id !== person.id) moved.set(person.id, found[0].id);
      continue;
    }
    const { rows: phoneTaken } = person.phone_number
      ? await tx.execute(sql`select 1 from users where phone_number = ${person.phone_number}`)
      : { rows: [] };
    const phone = phoneTaken.length ? null : person.phone_number;
    const { rows: inserted } = await tx.execute<{ id: string }>(
      sql`insert into users (id, name, email, email_verified, image, phone_number, phone_number_verified, created_at, updated_at)
          values (${person.id}, ${person.name}, ${person.email}, ${person.email_verified}, ${person.image},
                  ${phone}, ${phone ? person.phone_number_verified : null}, ${person.created_at}::timestamptz, now())
          on conflict (id) do nothing returning id`,
    );
    added += 1;
    if (!inserted[0]) {
      // The id is someone else's here: the same person under a new one.
      const id = randomUUID();
      await tx.execute(
        sql`insert into users (id, name, email, email_verified, image, created_at, updated_at)
            values (${id}, ${person.name}, ${person.email}, ${person.email_verified}, ${person.image}, ${person.created_at}::timestamptz, now())`,
      );
      moved.set(person.id, id);
    }
  }
  return { moved, matched, added };
}
