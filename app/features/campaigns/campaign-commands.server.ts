import { z } from "zod";
import { siteOrigin } from "~/features/accounts/accounts";
import { accounts } from "~/features/accounts/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { recordUsage } from "~/features/usage/usage.server";
import { contactEmailSchema } from "~/features/contacts/contacts";
import { checkContactsManager } from "~/features/contacts/contacts.server";
import { AppError } from "~/platform/errors";
import { isLanguageCode, textDirection, defaultLanguage } from "~/platform/i18n/languages";
import { translate } from "~/platform/mail/templates.server";
import { eq } from "drizzle-orm";
import { compileCampaign, personalise, type CampaignFrame } from "./campaign-render.server";
import {
  deleteCampaign,
  linkOriginOf,
  loadCampaign,
  rememberLinkOrigin,
  revertCampaign,
  saveCampaign,
  scheduleCampaign,
} from "./campaign-records.server";
import { moveCampaign, startCampaign, type SendingServices } from "./campaign-sending.server";
import { fillMergeTags } from "./merge-tags";
import { recipientLinks } from "./recipient-links.server";
import { siteRoute } from "./site-relays.server";

export const CAMPAIGN_START_JOB = "campaigns.start";

const languageOf = (lang: string | undefined) =>
  lang && isLanguageCode(lang) ? lang : defaultLanguage;

/** The site's own words around every campaign, in the site's language. */
export function campaignFrame({
  lang,
  siteName,
}: {
  lang: string;
  siteName: string;
}): CampaignFrame {
  const language = languageOf(lang);
  return {
    siteName,
    reason: translate(language, "campaigns.mail.reason", { siteName }),
    unsubscribeLabel: translate(language, "campaigns.mail.unsubscribe", {}),
    preferencesLabel: translate(language, "campaigns.mail.preferences", {}),
    lang: language,
    dir: textDirection(language),
  };
}

const commandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("saveCampaign"), id: z.uuid().nullable(), campaign: z.unknown() }),
  z.object({ intent: z.literal("deleteCampaign"), id: z.uuid() }),
  z.object({ intent: z.literal("revertCampaign"), id: z.uuid(), revisionId: z.uuid() }),
  z.object({
    intent: z.literal("scheduleCampaign"),
    id: z.uuid(),
    at: z.iso.datetime({ offset: true }).nullable(),
  }),
  z.object({ intent: z.literal("sendCampaign"), id: z.uuid() }),
  z.object({ intent: z.enum(["pauseCampaign", "resumeCampaign", "cancelCampaign"]), id: z.uuid() }),
  z.object({
    intent: z.literal("testCampaign"),
    id: z.uuid(),
    to: z.array(contactEmailSchema).min(1).max(5),
  }),
]);

/** Whether a screen's command is one of `commandCampaigns`' (their intents end in "Campaign"). */
export const isCampaignCommand = (body: unknown): boolean =>
  typeof body === "object" &&
  body !== null &&
  typeof (body as { intent?: unknown }).intent === "string" &&
  (body as { intent: string }).intent.endsWith("Campaign");

const moves = {
  pauseCampaign: "pause",
  resumeCampaign: "resume",
  cancelCampaign: "cancel",
} as const;

/** A test message's links name no contact: its unsubscribe page says it was a test. */
export const TEST_CONTACT_ID = "00000000-0000-4000-8000-000000000000";

/**
 * M5 the campaigns screen's action: one JSON body, its `intent` naming what the owner does.
 * Every answer is `{ ok, … }`; a mistake the owner can correct comes back as field issues.
 */
export async function commandCampaigns(
  services: SendingServices,
  {
    accountId,
    viewer,
    body,
    linkOrigin,
  }: {
    accountId: string;
    viewer: Viewer | null;
    body: unknown;
    /** The site's origin as the owner's request shows it: where the mail's links point. */
    linkOrigin?: string;
  },
) {
  const parsed = commandSchema.safeParse(body);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const command = parsed.data;
  const { database, jobs } = services;
  const place = { accountId, viewer };
  const origin = linkOriginOf(linkOrigin);
  if (
    origin &&
    ["sendCampaign", "scheduleCampaign", "resumeCampaign"].includes(command.intent) &&
    "id" in command &&
    command.id
  )
    await rememberLinkOrigin(database, { ...place, id: command.id, origin });
  switch (command.intent) {
    case "saveCampaign":
      return saveCampaign(database, { ...place, id: command.id, input: command.campaign });
    case "revertCampaign":
      return revertCampaign(database, { ...place, id: command.id, revisionId: command.revisionId });
    case "deleteCampaign":
      await deleteCampaign(database, { ...place, id: command.id });
      return { ok: true as const };
    case "scheduleCampaign":
      await scheduleCampaign(database, {
        ...place,
        id: command.id,
        at: command.at ? new Date(command.at) : null,
        queueStart: (tx, seconds) =>
          jobs.send(
            tx,
            CAMPAIGN_START_JOB,
            { accountId, campaignId: command.id },
            { startAfterSeconds: seconds },
          ),
      });
      return { ok: true as const };
    case "sendCampaign":
      checkContactsManager(viewer);
      return {
        ok: true as const,
        ...(await startCampaign(services, { accountId, campaignId: command.id })),
      };
    case "pauseCampaign":
    case "resumeCampaign":
    case "cancelCampaign":
      checkContactsManager(viewer);
      return {
        ok: true as const,
        status: await moveCampaign(services, {
          accountId,
          campaignId: command.id,
          move: moves[command.intent],
        }),
      };
    case "testCampaign":
      return {
        ok: true as const,
        tests: await sendTest(services, { ...place, id: command.id, to: command.to, origin }),
      };
  }
}

/** One subject a test went out with, as the first address got it (merge tags filled). */
export type TestedSubject = { variant: "a" | "b"; subject: string };

/**
 * The campaign as it stands, to a few of the owner's addresses, marked as a test. An A/B test's
 * two subjects each go to every address, marked A and B, so both can be seen in an inbox.
 */
async function sendTest(
  services: SendingServices,
  {
    accountId,
    viewer,
    id,
    to,
    origin: asked,
  }: { accountId: string; viewer: Viewer | null; id: string; to: string[]; origin?: string },
): Promise<TestedSubject[]> {
  const { campaign } = await loadCampaign(services.database, { accountId, viewer, id });
  if (!campaign.subject || campaign.blocks.length === 0)
    throw new AppError({ code: "campaigns.notReady" });
  const [account] = await services.database.forAccount(accountId, (tx) =>
    tx.select().from(accounts).where(eq(accounts.accountId, accountId)),
  );
  const own = siteOrigin({ ...account!, ...services.siteAddress });
  const origin = asked ?? own;
  const siteName = account!.settings.sitetitle || account!.slug;
  const frame = services.frame({ lang: account!.settings.defaultLanguage ?? "en", siteName });
  const links = recipientLinks(services.secretBox, {
    origin,
    campaignId: id,
    contactId: TEST_CONTACT_ID,
    tracking: false,
  });
  // As the sending engine and the report read it: a test needs subject B and a share for it.
  const subjects: [TestedSubject["variant"], string][] =
    campaign.subjectB && campaign.abSamplePercent > 0
      ? [
          ["a", campaign.subject],
          ["b", campaign.subjectB],
        ]
      : [["a", campaign.subject]];
  // Compiled once per subject, as the campaign's own sending does (the subject is the HTML's title).
  const compiled = await Promise.all(
    subjects.map(([, subject]) =>
      compileCampaign({
        subject,
        preheader: campaign.preheader,
        blocks: campaign.blocks,
        frame,
      }),
    ),
  );
  const mark = translate(languageOf(account!.settings.defaultLanguage), "campaigns.mail.test", {});
  const tested: TestedSubject[] = [];
  let sent = 0;
  // The same route as the campaign's own messages: the site's relay, sender and DKIM key.
  const route = await siteRoute(services, { accountId, siteName });
  try {
    for (const address of to) {
      const sample = { email: address, name: "", fields: {} };
      for (const [index, [variant, line]] of subjects.entries()) {
        const body = personalise(compiled[index]!, sample, links);
        const subject = fillMergeTags(line, sample);
        const label = subjects.length > 1 ? `${mark} ${variant.toUpperCase()}` : mark;
        const outcome = await route.transport.send({
          from: route.from,
          to: address,
          subject: `[${label}] ${subject}`,
          body: () => body,
          messageId: `<t.${id}.${Date.now()}.${sent}@${new URL(own).host}>`,
          headers: {},
          site: new URL(own).host,
        });
        if (outcome.kind !== "sent")
          throw new AppError({ code: "campaigns.testFailed", details: { reason: outcome.reason } });
        if (tested.length < subjects.length) tested.push({ variant, subject });
        sent++;
      }
    }
  } finally {
    route.release();
  }
  await recordUsage(services.usage, { accountId, meter: "emails", amount: sent });
  return tested;
}
