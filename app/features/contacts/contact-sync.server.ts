import { sql } from "drizzle-orm";
import { members } from "~/features/members/tables.server";
import { orders } from "~/features/orders/tables.server";
import type { Tx } from "~/platform/db/database.server";
import { contactConsents, contacts } from "./tables.server";

/**
 * The words a member or buyer is subscribed under: the soft opt-in of people who signed up or
 * bought here (ePrivacy Directive art. 13(2)), with the way out in every message.
 */
export const SOFT_OPT_IN_WORDING =
  "Member or customer of this site (soft opt-in); every message offers a one-click unsubscribe.";

/**
 * Inside the caller's transaction: every member and every buyer of the site is a contact.
 * Set-based and idempotent — it adds the addresses not there yet (source `signup` for members,
 * `order` for buyers whose address is not a member's), subscribed under the soft opt-in with
 * a line in the consent log, and links contacts (from forms or imports) to the member who now
 * has their address. A contact that exists keeps its status: nobody who unsubscribed is
 * subscribed again. Answers how many contacts it added.
 */
export async function syncContacts(
  tx: Tx,
  { accountId, now = new Date() }: { accountId: string; now?: Date },
): Promise<number> {
  const added = await tx.execute<{ id: string; source: string }>(sql`
    with people as (
      select distinct on (lower(m.email)) m.email, m.name, m.user_id, m.created_at, 'signup' as source
        from ${members} m
       where m.account_id = ${accountId}
         -- a phone sign-up's placeholder address reaches nobody
         and m.email not like '%@phone.invalid'
      union all
      select distinct on (lower(o.email)) o.email, '' as name, o.user_id,
             coalesce(o.paid_at, o.created_at), 'order' as source
        from ${orders} o
       where o.account_id = ${accountId} and o.status in ('paid', 'fulfilled', 'refunded')
         and o.email not like '%@phone.invalid'
    ),
    first_seen as (
      select distinct on (lower(email)) email, name, user_id, created_at, source
        from people order by lower(email), (source = 'signup') desc, created_at
    ),
    inserted as (
      insert into ${contacts}
             (account_id, email, name, user_id, status, source, created_at, updated_at, last_activity_at)
      select ${accountId}, f.email, f.name, f.user_id, 'subscribed', f.source, f.created_at, ${now}, f.created_at
        from first_seen f
       where not exists (
               select 1 from ${contacts} c
                where c.account_id = ${accountId} and lower(c.email) = lower(f.email))
      on conflict do nothing
      returning id, source
    )
    insert into ${contactConsents} (account_id, contact_id, action, wording, origin, at)
    select ${accountId}, i.id, 'subscribe', ${SOFT_OPT_IN_WORDING}, i.source, ${now}
      from inserted i
    returning contact_id as id, origin as source`);
  await tx.execute(sql`
    update ${contacts} c set user_id = m.user_id, updated_at = ${now}
      from ${members} m
     where c.account_id = ${accountId} and m.account_id = ${accountId}
       and c.user_id is null and lower(m.email) = lower(c.email)`);
  return added.rows.length;
}
