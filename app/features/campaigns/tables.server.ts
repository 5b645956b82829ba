import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import type { CampaignBlock, CampaignStatus, RecipientState } from "./campaign-shapes";
import type { SiteWebhookRelay } from "./sender-shapes";

/**
 * M5 campaigns: one e-mail written once and sent to the contacts of some segments. `senderRun`
 * names the one job run allowed to send it, for as long as it renews `senderSeenAt` (a run that
 * lost its claim stops at its next batch).
 */
export const campaigns = pgTable(
  "campaigns",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    /**
     * `automation`: the e-mail of an automation's step (decision 061), sent to each contact its
     * runs put in the ledger; never listed with the owner's campaigns, never done sending.
     */
    kind: text("kind").$type<"broadcast" | "automation">().notNull().default("broadcast"),
    subject: text("subject").notNull().default(""),
    /** The A/B test's second subject; empty when the campaign tests nothing. */
    subjectB: text("subject_b").notNull().default(""),
    preheader: text("preheader").notNull().default(""),
    blocks: jsonb("blocks").$type<CampaignBlock[]>().notNull().default([]),
    /** The audience: contacts of any of these segments (all subscribed contacts when empty). */
    segmentIds: uuid("segment_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text("status").$type<CampaignStatus>().notNull().default("draft"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** How many contacts the audience held when sending began (the ledger's row count). */
    audienceCount: integer("audience_count").notNull().default(0),
    /** Per cent of the audience that gets subject A or B first; the rest gets the winner. */
    abSamplePercent: integer("ab_sample_percent").notNull().default(0),
    /** How long the sample's clicks are counted before the rest gets the winner. */
    abWaitMinutes: integer("ab_wait_minutes").notNull().default(240),
    /** `a` or `b` once decided. */
    abWinner: text("ab_winner"),
    abDecidedAt: timestamp("ab_decided_at", { withTimezone: true }),
    /** How sure the decision is that the winner's click rate is the higher one (0 to 1). */
    abConfidence: real("ab_confidence"),
    tracking: boolean("tracking").notNull().default(true),
    /**
     * The site's origin as the owner's request that sent or scheduled it showed it (scheme and
     * port included): where its links point. Empty: the site's own address.
     */
    linkOrigin: text("link_origin").notNull().default(""),
    senderRun: text("sender_run"),
    /** When the sending run last said it is alive; a run silent past its lease is taken over. */
    senderSeenAt: timestamp("sender_seen_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("campaigns_account_status").on(t.accountId, t.status),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("campaigns"),
  ],
);

/**
 * The ledger: one row per contact of the audience, written when sending begins, each taken from
 * `queued` to exactly one end (`sent`, `failed`, `skipped`). The sender resumes from it after a
 * pause or a crash, so sent + failed + skipped always comes to the audience snapshot. The
 * contact's address and name are copied: a contact deleted mid-send is skipped, not lost.
 */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    accountId: uuid("account_id").notNull(),
    campaignId: uuid("campaign_id").notNull(),
    contactId: uuid("contact_id").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    /** Which subject went: `a`, `b`, or `winner` once an A/B test is decided. */
    variant: text("variant").notNull().default("a"),
    state: text("state").$type<RecipientState>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The relay may have taken it before a crash: sent again with the same Message-ID. */
    uncertain: boolean("uncertain").notNull().default(false),
    lastError: text("last_error").notNull().default(""),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    machineOpenedAt: timestamp("machine_opened_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    complainedAt: timestamp("complained_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.campaignId, t.contactId] }),
    index("campaign_recipients_state").on(t.accountId, t.campaignId, t.state, t.nextAttemptAt),
    foreignKey({
      columns: [t.accountId, t.campaignId],
      foreignColumns: [campaigns.accountId, campaigns.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("campaign_recipients"),
  ],
);

/**
 * A site's own sending settings (decision 057): its sender line and reply-to, its own SMTP relay
 * (else the platform's) and its DKIM key. The relay's password and the DKIM key are sealed with
 * the secret box under a context naming the account, and never leave the server.
 */
export const campaignSendingSettings = pgTable(
  "campaign_sending_settings",
  {
    accountId: uuid("account_id").notNull(),
    /** Empty: the site's name. */
    senderName: text("sender_name").notNull().default(""),
    /** Empty: the platform's MAIL_FROM address. */
    senderAddress: text("sender_address").notNull().default(""),
    replyTo: text("reply_to").notNull().default(""),
    /** Off: the platform's relay; the relay's fields are kept for when it is on again. */
    smtpEnabled: boolean("smtp_enabled").notNull().default(false),
    smtpHost: text("smtp_host").notNull().default(""),
    smtpPort: integer("smtp_port").notNull().default(587),
    smtpSecurity: text("smtp_security")
      .$type<"none" | "starttls" | "tls">()
      .notNull()
      .default("starttls"),
    smtpUsername: text("smtp_username").notNull().default(""),
    smtpPasswordSealed: text("smtp_password_sealed"),
    dkimEnabled: boolean("dkim_enabled").notNull().default(false),
    dkimDomain: text("dkim_domain").notNull().default(""),
    dkimSelector: text("dkim_selector").notNull().default(""),
    dkimKeySealed: text("dkim_key_sealed"),
    /**
     * The relay that reports this site's bounces and complaints by webhook to the site's own
     * address (decision 057's addendum), with its key sealed; "": none (the platform's keys).
     */
    webhookRelay: text("webhook_relay").$type<SiteWebhookRelay | "">().notNull().default(""),
    webhookKeySealed: text("webhook_key_sealed"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId] }),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("campaign_sending_settings"),
  ],
);
