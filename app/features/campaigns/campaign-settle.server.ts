import { and, eq, sql } from "drizzle-orm";
import { logConsent } from "~/features/contacts/contacts.server";
import { contacts } from "~/features/contacts/tables.server";
import type { Database } from "~/platform/db/database.server";
import type { LedgerRow } from "./campaign-ledger.server";
import type { SendOutcome } from "./campaign-transport.server";
import { campaignRecipients } from "./tables.server";

/*
 * How a sent message's row leaves `sending` (decision 055's addendum): the relay's answers are
 * written a group at a time, one statement per group, instead of one transaction per message.
 * A crash loses at most the answers not yet written (a bounded few) and the messages in flight,
 * whose rows go again under the same Message-ID.
 */

const MAX_ATTEMPTS = 5;
/** A deferred message waits 30 s, then 1, 2, 4 minutes… at most an hour. */
const retryDelaySeconds = (attempt: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));

/** What one message's end writes to its row. */
export type Settlement = {
  state: "sent" | "deferred" | "failed" | "skipped";
  lastError: string;
  sentAt?: Date;
  nextAttemptAt?: Date;
  bouncedAt?: Date;
};

/** The row's end for the relay's answer, or its next try; `bounced` marks a dead mailbox. */
export function settlementOf(
  row: Pick<LedgerRow, "attempts">,
  outcome: SendOutcome,
  now = new Date(),
): Settlement & { bounced: boolean } {
  if (outcome.kind === "sent") return { state: "sent", sentAt: now, lastError: "", bounced: false };
  if (outcome.kind === "later" && row.attempts < MAX_ATTEMPTS)
    return {
      state: "deferred",
      lastError: outcome.reason,
      nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(row.attempts) * 1000),
      bounced: false,
    };
  const bounced = outcome.kind === "refused" && outcome.bounced;
  return {
    state: "failed",
    lastError: outcome.reason,
    ...(bounced ? { bouncedAt: now } : {}),
    bounced,
  };
}

const at = (date: Date | undefined) => (date ? date.toISOString() : null);

/**
 * Writes a group of one campaign's settlements in one statement. Each row moves only from
 * `sending`: a run that lost its claim cannot overwrite what its successor did.
 */
export async function settleRows(
  database: Database,
  { accountId, campaignId }: { accountId: string; campaignId: string },
  group: { contactId: string; settlement: Settlement }[],
): Promise<void> {
  if (group.length === 0) return;
  const values = sql.join(
    group.map(
      ({ contactId, settlement: s }) =>
        sql`(${contactId}::uuid, ${s.state}, ${s.lastError}, ${at(s.sentAt)}::timestamptz,
             ${at(s.nextAttemptAt)}::timestamptz, ${at(s.bouncedAt)}::timestamptz)`,
    ),
    sql`, `,
  );
  await database.forAccount(accountId, (tx) =>
    tx.execute(sql`
      update ${campaignRecipients} as r
         set state = v.state,
             last_error = v.last_error,
             sent_at = coalesce(v.sent_at, r.sent_at),
             next_attempt_at = coalesce(v.next_attempt_at, r.next_attempt_at),
             bounced_at = coalesce(v.bounced_at, r.bounced_at)
        from (values ${values}) as v(contact_id, state, last_error, sent_at, next_attempt_at, bounced_at)
       where r.account_id = ${accountId} and r.campaign_id = ${campaignId}::uuid
         and r.contact_id = v.contact_id and r.state = 'sending'`),
  );
}

/** A dead mailbox: the contact is no longer sent to, and their consent log says why. */
export async function markBounced(
  database: Database,
  row: Pick<LedgerRow, "accountId" | "campaignId" | "contactId">,
  reason: string,
): Promise<void> {
  await database.forAccount(row.accountId, async (tx) => {
    const [contact] = await tx
      .update(contacts)
      .set({ status: "bounced", updatedAt: new Date() })
      .where(
        and(
          eq(contacts.accountId, row.accountId),
          eq(contacts.id, row.contactId),
          eq(contacts.status, "subscribed"),
        ),
      )
      .returning({ id: contacts.id });
    if (contact)
      await logConsent(tx, {
        accountId: row.accountId,
        contactId: row.contactId,
        action: "bounce",
        proof: { wording: reason, origin: `campaign:${row.campaignId}` },
        now: new Date(),
      });
  });
}

export type Settler = {
  /**
   * Takes one row's end, written with the next group (a dead mailbox's contact after it).
   * Resolves at once, or, when `limit` answers already wait to be written, once a write is done.
   */
  add(row: LedgerRow, settlement: Settlement & { bounced?: boolean }): Promise<void>;
  /** Writes what is pending and waits for every write; throws the first write's failure. */
  drain(): Promise<void>;
};

/**
 * Groups one batch's settlements as a group commit (decision 055's addendum): a write takes
 * every answer that came while the one before ran, so groups grow with the database's delay and
 * shrink to one row when it is quick. At most `limit` answers wait unwritten: a sender waits
 * past that, so a crash leaves at most `limit` answers unwritten besides the messages in
 * flight. A failed write fails the batch at `drain`; its rows, still `sending`, go again with
 * the same Message-ID.
 */
export function createSettler(
  database: Database,
  campaign: { accountId: string; campaignId: string },
  { limit }: { limit: number },
): Settler {
  type Entry = { row: LedgerRow; settlement: Settlement; bounced: boolean };
  let pending: Entry[] = [];
  let unwritten = 0;
  let writing: Promise<void> | null = null;
  let failure: unknown;
  let waiters: (() => void)[] = [];

  const writeGroup = async (group: Entry[]) => {
    try {
      if (failure) return;
      await settleRows(
        database,
        campaign,
        group.map(({ row, settlement }) => ({ contactId: row.contactId, settlement })),
      );
      for (const { row, settlement, bounced } of group)
        if (bounced) await markBounced(database, row, settlement.lastError);
    } catch (error) {
      failure ??= error;
    }
  };

  const writeNext = (): Promise<void> | null => {
    if (pending.length === 0) return null;
    const group = pending;
    pending = [];
    return writeGroup(group).then(() => {
      unwritten -= group.length;
      const released = waiters;
      waiters = [];
      for (const wake of released) wake();
      writing = writeNext();
    });
  };

  return {
    add(row, { bounced = false, ...settlement }) {
      pending.push({ row, settlement, bounced });
      unwritten++;
      writing ??= writeNext();
      if (unwritten <= limit) return Promise.resolve();
      return new Promise<void>((wake) => waiters.push(wake));
    },
    async drain() {
      while (writing) await writing;
      if (failure) throw failure;
    },
  };
}
