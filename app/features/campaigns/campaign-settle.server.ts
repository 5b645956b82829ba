import { and, eq, sql } from "drizzle-orm";
import { logConsent } from "~/features/contacts/contacts.server";
import { contacts } from "~/features/contacts/tables.server";
import type { Database } from "~/platform/db/database.server";
import type { LedgerRow } from "./campaign-ledger.server";
import type { SendOutcome } from "./campaign-transport.server";
import { campaignRecipients } from "./tables.server";

/*
 * How a sent message's row leaves `sending` (decision 055, addendum "settled in groups"): the
 * relay's answers are written a group at a time, one statement per group, instead of one
 * transaction per message. A crash loses at most the answers not yet written (a group and the
 * messages in flight), whose rows go again under the same Message-ID.
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

/** A group is written once it holds this many answers, or this long after its first. */
export const SETTLE_GROUP_ROWS = 32;
export const SETTLE_GROUP_MS = 50;

export type Settler = {
  /** Takes one row's end; written with its group (a dead mailbox's contact after it). */
  add(row: LedgerRow, settlement: Settlement & { bounced?: boolean }): void;
  /** Writes what is pending and waits for every write; throws the first write's failure. */
  drain(): Promise<void>;
};

/**
 * Groups one batch's settlements (decision 055's addendum). Writes run one after another, never
 * holding up the connections that send; a failed write fails the batch at `drain`, and its rows,
 * still `sending`, go again with the same Message-ID.
 */
export function createSettler(
  database: Database,
  campaign: { accountId: string; campaignId: string },
  { rows = SETTLE_GROUP_ROWS, ms = SETTLE_GROUP_MS } = {},
): Settler {
  let pending: { row: LedgerRow; settlement: Settlement; bounced: boolean }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let failure: unknown;

  const write = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const group = pending;
    pending = [];
    if (group.length === 0) return;
    writing = writing.then(async () => {
      if (failure) return;
      try {
        await settleRows(
          database,
          campaign,
          group.map(({ row, settlement }) => ({ contactId: row.contactId, settlement })),
        );
        for (const { row, settlement, bounced } of group)
          if (bounced) await markBounced(database, row, settlement.lastError);
      } catch (error) {
        failure = error;
      }
    });
  };

  return {
    add(row, { bounced = false, ...settlement }) {
      pending.push({ row, settlement, bounced });
      if (pending.length >= rows) write();
      else timer ??= setTimeout(write, ms);
    },
    async drain() {
      write();
      await writing;
      if (failure) throw failure;
    },
  };
}
