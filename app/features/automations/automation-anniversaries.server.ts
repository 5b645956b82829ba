import { and, eq, sql } from "drizzle-orm";
import { accounts } from "~/features/accounts/tables.server";
import { contacts } from "~/features/contacts/tables.server";
import { emitDomainEvents } from "~/features/events/events.server";
import { domainEvents } from "~/features/events/tables.server";
import type { Database } from "~/platform/db/database.server";
import { automations, automationVersions } from "./tables.server";

/** Hourly: the contacts whose date field comes round today, in each site's own time zone. */
export const ANNIVERSARIES_JOB = "automations.anniversaries";

/** Today's month and day, and the year, on the wall clock of `timeZone`. */
export function localDay(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return { year: get("year"), monthDay: `${get("month")}-${get("day")}` };
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * For every active automation started by a date field's anniversary: each contact whose field
 * (a date written `YYYY-MM-DD`) has today's month and day in the site's zone gets one event a
 * year (a 29 February comes round on the 28th in other years). Run hourly, so a site's day is
 * met soon after it begins wherever it is; an event already told this year is not told again.
 */
export async function tellAnniversaries(
  database: Database,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ told: number }> {
  // Across accounts, as the event relay's claim is (decision 061): the owner's connection.
  const listening = await database.owner.execute<{
    account_id: string;
    id: string;
    version: number;
  }>(
    sql`select account_id, id, version from ${automations}
         where status = 'active' and trigger_type = 'contact.anniversary'`,
  );
  let told = 0;
  for (const automation of listening.rows) {
    told += await database.forAccount(automation.account_id, async (tx) => {
      const accountId = automation.account_id;
      const [version] = await tx
        .select({ graph: automationVersions.graph })
        .from(automationVersions)
        .where(
          and(
            eq(automationVersions.accountId, accountId),
            eq(automationVersions.automationId, automation.id),
            eq(automationVersions.version, automation.version),
          ),
        );
      const field = version?.graph.trigger.tag.trim();
      if (!field) return 0;
      const [account] = await tx
        .select({ settings: accounts.settings })
        .from(accounts)
        .where(eq(accounts.accountId, accountId));
      const { year, monthDay } = localDay(now, account?.settings.timezone || "UTC");
      const days = monthDay === "02-28" && !isLeap(Number(year)) ? ["02-28", "02-29"] : [monthDay];
      const due = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(
            eq(contacts.accountId, accountId),
            sql`substr(${contacts.fields}->>${field}, 6, 5) in (${sql.join(
              days.map((day) => sql`${day}`),
              sql`, `,
            )})`,
            sql`${contacts.fields}->>${field} ~ '^\\d{4}-\\d{2}-\\d{2}'`,
            sql`not exists (select 1 from ${domainEvents} e
                 where e.account_id = ${accountId} and e.contact_id = ${contacts.id}
                   and e.type = 'contact.anniversary'
                   and e.data->>'field' = ${field} and e.data->>'year' = ${year})`,
          ),
        )
        .limit(10_000);
      await emitDomainEvents(
        tx,
        accountId,
        due.map(({ id }) => ({
          type: "contact.anniversary" as const,
          contactId: id,
          data: { field, year },
        })),
        now,
      );
      return due.length;
    });
  }
  return { told };
}
