// Campaigns really sent to an SMTP sink, for tests of what comes back about them (bounces and
// complaints, decision 055): sites with an owner, readers in a segment, a campaign sent to them
// through the real engine, and what the ledger, the contacts and the consent log then say.
import { and, eq } from "drizzle-orm";
import { commandCampaigns } from "~/features/campaigns/campaign-commands.server";
import { campaignCounts } from "~/features/campaigns/campaign-ledger.server";
import { runCampaignSend } from "~/features/campaigns/campaign-sending.server";
import { smtpTransport } from "~/features/campaigns/campaign-transport.server";
import { campaignRecipients } from "~/features/campaigns/tables.server";
import { contactConsents, contacts, segments } from "~/features/contacts/tables.server";
import type { Viewer } from "~/features/members/members.server";
import type { Tx } from "~/platform/db/database.server";
import { createSecretBox } from "~/platform/secret-box.server";
import { createAccount, createMember } from "../factories";
import { recordingJobs, sendingServices } from "./campaign-rig";
import { startSmtpSink } from "./smtp-sink";
import { createTestDatabase, type Backend } from "./test-database";
import { createTestApp } from "./test-server";

export type FeedbackSite = { accountId: string; host: string; manager: Viewer };

let count = 0;

/** A test database, the app over it with `env`, and a sink that takes every message. */
export async function openFeedbackRig(backend: Backend, env: Record<string, string>) {
  const db = await createTestDatabase(backend);
  const built = createTestApp(db.database, env);
  const sink = await startSmtpSink();
  const secretBox = createSecretBox("feedback-rig-secret-0123456789abcdef");
  const { jobs } = recordingJobs();
  const inAccount = <T>(site: FeedbackSite, work: (tx: Tx) => Promise<T>) =>
    db.database.forAccount(site.accountId, work);

  async function newSite(): Promise<FeedbackSite> {
    const account = await createAccount(db.database);
    const { user, membership } = await createMember(db.database, {
      accountId: account.accountId,
      roleName: "site_owner",
    });
    const manager = {
      user: { ...user, image: null },
      membership: { ...membership, caps: ["manage_options"] },
      isSuperAdmin: false,
    } as Viewer;
    return { accountId: account.accountId, host: `${account.slug}.localhost`, manager };
  }

  /** `size` new subscribed readers of `on`, and a campaign to them sent through the sink. */
  async function sendTo(on: FeedbackSite, size: number) {
    const tag = `w${Date.now().toString(36)}${count++}`;
    const [segment] = await inAccount(on, (tx) =>
      tx
        .insert(segments)
        .values({ accountId: on.accountId, name: tag, rules: { tagsAny: [tag] } })
        .returning({ id: segments.id }),
    );
    const readers = await inAccount(on, (tx) =>
      tx
        .insert(contacts)
        .values(
          Array.from({ length: size }, (_, i) => ({
            accountId: on.accountId,
            email: `${tag}-${i}@example.com`,
            name: `Reader ${i}`,
            status: "subscribed" as const,
            source: "import" as const,
            tags: [tag],
          })),
        )
        .returning({ id: contacts.id, email: contacts.email }),
    );
    const services = sendingServices(
      {
        database: db.database,
        jobs,
        secretBox,
        transport: smtpTransport({ smtpUrl: sink.url, connections: 2 }),
      },
      { concurrency: 2 },
    );
    const saved = await commandCampaigns(services, {
      accountId: on.accountId,
      viewer: on.manager,
      body: {
        intent: "saveCampaign",
        id: null,
        campaign: {
          name: `Letter ${tag}`,
          subject: "News",
          blocks: [{ type: "text", text: "Hello" }],
          segmentIds: [segment!.id],
        },
      },
    });
    const campaignId = (saved as { id: string }).id;
    await commandCampaigns(services, {
      accountId: on.accountId,
      viewer: on.manager,
      body: { intent: "sendCampaign", id: campaignId },
    });
    await runCampaignSend(services, { accountId: on.accountId, campaignId, runId: tag });
    services.transport.close();
    /** The Message-ID the reader's message went out with (`<c.{campaign}.{contact}@{host}>`). */
    const messageIdOf = (email: string) =>
      sink.accepted.find((mail) => mail.to === email.toLowerCase())!.messageId;
    return { campaignId, readers, messageIdOf };
  }

  const contactOf = async (on: FeedbackSite, id: string) =>
    (
      await inAccount(on, (tx) =>
        tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.accountId, on.accountId), eq(contacts.id, id))),
      )
    )[0]!;
  const rowOf = async (on: FeedbackSite, campaignId: string, contactId: string) =>
    (
      await inAccount(on, (tx) =>
        tx
          .select()
          .from(campaignRecipients)
          .where(
            and(
              eq(campaignRecipients.accountId, on.accountId),
              eq(campaignRecipients.campaignId, campaignId),
              eq(campaignRecipients.contactId, contactId),
            ),
          ),
      )
    )[0]!;
  /** The contact's consent-log lines other than the subscription they started with. */
  const consentsOf = async (on: FeedbackSite, contactId: string) =>
    (
      await inAccount(on, (tx) =>
        tx
          .select()
          .from(contactConsents)
          .where(
            and(
              eq(contactConsents.accountId, on.accountId),
              eq(contactConsents.contactId, contactId),
            ),
          ),
      )
    ).filter((line) => line.action !== "subscribe");
  const countsOf = (on: FeedbackSite, campaignId: string) =>
    inAccount(on, (tx) => campaignCounts(tx, { accountId: on.accountId, campaignId }));

  return {
    db,
    app: built.app,
    services: built.services,
    sink,
    newSite,
    sendTo,
    contactOf,
    rowOf,
    consentsOf,
    countsOf,
    async close() {
      await sink.close();
      await db.dispose();
    },
  };
}
