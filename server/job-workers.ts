import { deleteExpiredSessions, EXPIRED_SESSIONS_JOB } from "~/features/auth/auth.server";
import { PUBLISH_DUE_JOB, publishDueSweep } from "~/features/content/content.server";
import {
  registerOrderJobs,
  expireUnpaidOrders,
  ORDER_EXPIRY_JOB,
  PAID_OFF_JOB,
  providerCancelFor,
  stopPaidOff,
  ORDER_RECEIPT_JOB,
  ORDER_RENEWAL_DUE_JOB,
  PLATFORM_ORDER_FULFILLED_JOB,
  sendReceipt,
  sendRenewalNotice,
  SUBSCRIPTION_SWEEP_JOB,
  sweepLapsedSubscriptions,
} from "~/features/orders/orders.server";
import { FORM_CONFIRM_MAIL_JOB, sendConfirmMail } from "~/features/forms/forms.server";
import { pagePublisher } from "~/features/pages/pages.server";
import {
  applyPlanOrder,
  PLAN_CHANGES_DUE_JOB,
  runPlanRound,
} from "~/features/billing/billing.server";
import { rollupUsage, USAGE_ROLLUP_JOB } from "~/features/usage/usage.server";
import { PAYMENT_EVENT_JOB } from "~/features/payments/payments.server";
import { registerTicketJobs } from "~/features/tickets/tickets.server";
import { registerExportJob } from "~/features/account-transfer/account-transfer.server";
import { postPublisher } from "~/features/posts/posts.server";
import { OUTBOX_CLEANUP_JOB, pruneOutbox } from "~/platform/mail/outbox-cleanup.server";
import {
  CAMPAIGN_DECIDE_JOB,
  CAMPAIGN_SEND_JOB,
  CAMPAIGN_START_JOB,
  decideAbTest,
  runCampaignSend,
  startCampaign,
} from "~/features/campaigns/campaigns.server";
import {
  ANNIVERSARIES_JOB,
  AUTOMATION_STEP_JOB,
  AUTOMATION_WEBHOOK_JOB,
  automationConsumer,
  callWebhook,
  recoverStalledRuns,
  stepJobHandler,
  tellAnniversaries,
  type AutomationServices,
} from "~/features/automations/automations.server";
import { groupTiesConsumer } from "~/features/groups/groups.server";
import { affiliateConsumer } from "~/features/affiliates/affiliates.server";
import { LAPSED_HOLDINGS_JOB, tellLapsedHoldings } from "~/features/memberships/memberships.server";
import { DOMAIN_EVENTS_SWEEP_JOB, type EventConsumer } from "~/features/events/events.server";
import { resolveHost } from "~/platform/dns.server";
import { isAppError } from "~/platform/errors";
import type { ServerServices } from "./app-env";
import { sendingServicesOf } from "./campaign-services";
import { MEMBER_INVITE_JOB, sendMemberInvite } from "~/features/member-admin/member-admin.server";
import {
  BOOKING_MAIL_JOB,
  BOOKING_SETTLE_JOB,
  bookingPaymentsConsumer,
  expireHolds,
  HOLDS_SWEEP_JOB,
  recheckBookingTimes,
  REMINDERS_JOB,
  settleBookingOrders,
  type SettleData,
  sendDueReminders,
  sendBookingMail,
  TZ_RECHECK_JOB,
  type BookingMailKind,
} from "~/features/appointments/appointments.server";
import { MESSAGE_DIGEST_JOB, sendMessageDigests } from "~/features/messages/messages.server";
import {
  deliverWebhook,
  WEBHOOK_DELIVER_JOB,
  webhookConsumer,
} from "~/features/webhooks/webhooks.server";
import { webhookServicesOf } from "./webhook-services";
import { siteAddressOf } from "./site-address";

/**
 * Every job this process can run, registered before the queue starts (on the embedded database
 * a send needs its worker in the same process): payment events, fulfilment and receipts.
 */
export function registerJobWorkers(services: ServerServices) {
  const { database, jobs, mailer } = services;
  registerOrderJobs({
    database,
    jobs,
    secretBox: services.secretBox,
    env: services.env,
    logger: services.logger,
    paymentEventJobName: PAYMENT_EVENT_JOB,
  });
  jobs.work(ORDER_RECEIPT_JOB, async (data) => {
    const { accountId, orderId } = data as { accountId: string; orderId: string };
    await sendReceipt(
      { database, mailer, siteAddress: siteAddressOf(services) },
      { accountId, orderId },
    );
  });
  // An offline subscription's next order, issued by the sweep: how and when to pay it.
  jobs.work(ORDER_RENEWAL_DUE_JOB, async (data) => {
    const { accountId, orderId } = data as { accountId: string; orderId: string };
    await sendRenewalNotice(
      { database, mailer, siteAddress: siteAddressOf(services) },
      { accountId, orderId },
    );
  });
  // A double opt-in answer's confirmation link (M5 forms).
  jobs.work(FORM_CONFIRM_MAIL_JOB, async (data) => {
    const { accountId, submissionId, origin } = data as {
      accountId: string;
      submissionId: string;
      origin?: string;
    };
    await sendConfirmMail(
      { database, mailer, secretBox: services.secretBox, siteAddress: siteAddressOf(services) },
      { accountId, submissionId, origin },
    );
  });
  // Issue 35: an invitation to join a site (its sign-up link), mailed once the command committed.
  jobs.work(MEMBER_INVITE_JOB, async (data) => {
    const { accountId, email, origin } = data as {
      accountId: string;
      email: string;
      origin?: string;
    };
    await sendMemberInvite(
      { database, mailer, siteAddress: siteAddressOf(services) },
      { accountId, email, origin },
    );
  });
  // Issue 36: a booking made, cancelled or moved, mailed to both people with its invitation.
  jobs.work(BOOKING_MAIL_JOB, async (data) => {
    const { accountId, bookingId, kind } = data as {
      accountId: string;
      bookingId: string;
      kind: BookingMailKind;
    };
    await sendBookingMail(
      { database, mailer, siteAddress: siteAddressOf(services) },
      { accountId, bookingId, kind },
    );
  });
  registerExportJob(services);
  registerCampaignJobs(services);
  registerAutomationJobs(services);
  // Issue 37: one attempt of a site's webhook delivery; its retries are the delivery's own.
  jobs.work(WEBHOOK_DELIVER_JOB, async (data) =>
    deliverWebhook(webhookServicesOf(services), data as Parameters<typeof deliverWebhook>[1]),
  );
  registerTicketJobs({
    ...services,
    siteAddress: siteAddressOf(services),
    superAdminEmails: services.env.SUPER_ADMIN_EMAILS,
  });
  const planChanges = {
    ...services,
    baseDomain: services.env.BASE_DOMAIN,
    onPlanChanged: async (siteAccountId: string) =>
      services.siteCache.invalidateAccount(siteAccountId),
  };
  // A paid-off subscription at a provider that does not count payments: stop its renewals.
  jobs.work(PAID_OFF_JOB, async (data) => {
    await stopPaidOff(
      { database, providerCancel: providerCancelFor(services) },
      { accountId: String(data.accountId), subscriptionId: String(data.subscriptionId) },
    );
  });
  // A booking cancelled or paid too late: its open checkouts given up, its order refunded.
  jobs.work(BOOKING_SETTLE_JOB, async (data) =>
    settleBookingOrders(
      {
        database,
        jobs,
        secretBox: services.secretBox,
        env: services.env,
        logger: services.logger,
      },
      data as SettleData,
    ),
  );
  jobs.work(PLATFORM_ORDER_FULFILLED_JOB, async (data) => {
    await applyPlanOrder(planChanges, { orderId: String(data.orderId) });
  });
  // Every 15 minutes: downgrades whose paid period has ended take effect, and plans whose
  // subscription ended unpaid start their grace or fall back (decision 035).
  jobs.defineSchedule(PLAN_CHANGES_DUE_JOB, "*/15 * * * *", () => runPlanRound(planChanges));
  registerSchedules(services);
}

/**
 * The scheduled jobs (issue 17 scope 8; decision 031), cron expressions in UTC. Each occurrence
 * runs once on one instance however many run; each job's work lives in its feature, and what it
 * answers (counts) is kept with its run for /dashboard/maintenance/crons.
 */
function registerSchedules({ database, jobs, siteCache, pubsub, env }: ServerServices) {
  // Hourly: each site's usage gauges (storage, videos) measured again; events count as they come.
  jobs.defineSchedule(USAGE_ROLLUP_JOB, "17 * * * *", () => rollupUsage({ database, pubsub }));
  // Hourly: expired sessions and verification codes.
  jobs.defineSchedule(EXPIRED_SESSIONS_JOB, "23 * * * *", () => deleteExpiredSessions(database));
  // Hourly: offline subscriptions' next orders, and subscriptions whose period ran out without
  // news (decision 033).
  jobs.defineSchedule(SUBSCRIPTION_SWEEP_JOB, "7 * * * *", () =>
    sweepLapsedSubscriptions({ database, jobs }),
  );
  // Every 5 minutes: scheduled posts and pages that are due (each instance's poller, boot.ts,
  // publishes within seconds; this durable round catches what it missed and shows it).
  const publishers = { post: postPublisher(siteCache), page: pagePublisher(siteCache) };
  jobs.defineSchedule(PUBLISH_DUE_JOB, "*/5 * * * *", () =>
    publishDueSweep(database, { publishers }),
  );
  // Hourly: checkout orders left unpaid past their time are cancelled, their coupon's use given
  // back (decision 041).
  jobs.defineSchedule(ORDER_EXPIRY_JOB, "29 * * * *", () =>
    expireUnpaidOrders(
      { database },
      {
        terms: {
          onlineHours: env.UNPAID_ORDER_EXPIRY_HOURS,
          offlineDays: env.OFFLINE_ORDER_EXPIRY_DAYS,
        },
      },
    ),
  );
  // Daily at 03:41: outbox mail older than a month (it holds one-time links).
  jobs.defineSchedule(OUTBOX_CLEANUP_JOB, "41 3 * * *", () => pruneOutbox(database));
  // Daily at 04:53: future bookings reckoned with another tz database (a Node upgrade brings
  // new rules) keep their wall time and move in real time; both people are told (decision 075).
  jobs.defineSchedule(TZ_RECHECK_JOB, "53 4 * * *", () =>
    recheckBookingTimes({ database, pubsub, jobs }),
  );
  // Every five minutes: sessions a day or an hour away, reminded once each (decision 075).
  jobs.defineSchedule(REMINDERS_JOB, "*/5 * * * *", () => sendDueReminders({ database, jobs }));
  // Every five minutes: paid sessions' holds with no checkout open expire (decision 078).
  jobs.defineSchedule(HOLDS_SWEEP_JOB, "*/5 * * * *", () => expireHolds({ database }));
}

/** What automations need, from a process's services (the relay's consumer and the jobs alike). */
function automationServicesOf({
  database,
  jobs,
  pubsub,
  logger,
  env,
}: Pick<ServerServices, "database" | "jobs" | "pubsub" | "logger" | "env">): AutomationServices {
  return {
    database,
    jobs,
    pubsub,
    logger,
    ...(env.AUTOMATION_WAIT_SCALE ? { waitScale: env.AUTOMATION_WAIT_SCALE } : {}),
  };
}

/**
 * The features that react to domain events (decision 061), in the order each event is handed
 * on. A new consumer is added here; the features that emit events never change for it.
 */
export function eventConsumers(
  services: Pick<ServerServices, "database" | "jobs" | "pubsub" | "logger" | "env">,
): EventConsumer[] {
  return [
    automationConsumer(automationServicesOf(services)),
    affiliateConsumer({ database: services.database, pubsub: services.pubsub }),
    groupTiesConsumer({ database: services.database }),
    bookingPaymentsConsumer({ database: services.database, jobs: services.jobs }),
    webhookConsumer({ database: services.database, jobs: services.jobs }),
  ];
}

/**
 * M5 automations (issue 34): a run's first steps are taken as its event is handed on, later
 * ones (after a wait, or an event a run waits for) in a job of the run's; webhook steps call out
 * in theirs, with retries. Once a minute, events and runs a dead process left are taken up.
 */
function registerAutomationJobs(services: ServerServices) {
  services.jobs.work(AUTOMATION_STEP_JOB, stepJobHandler(automationServicesOf(services)));
  services.jobs.work(AUTOMATION_WEBHOOK_JOB, async (data) =>
    callWebhook(
      {
        database: services.database,
        allowPrivate: services.env.AUTOMATION_PRIVATE_WEBHOOKS,
        resolve: resolveHost,
      },
      data as Parameters<typeof callWebhook>[1],
    ),
  );
  services.jobs.defineSchedule(DOMAIN_EVENTS_SWEEP_JOB, "* * * * *", async () => {
    await services.events.drain();
    return recoverStalledRuns(services);
  });
  // Hourly: contacts whose date field (a birthday, a start date) comes round today.
  services.jobs.defineSchedule(ANNIVERSARIES_JOB, "11 * * * *", () =>
    tellAnniversaries(services.database),
  );
  // Every ten minutes: members with messages left unread get their digest (decision 068).
  services.jobs.defineSchedule(MESSAGE_DIGEST_JOB, "*/10 * * * *", () =>
    sendMessageDigests({
      database: services.database,
      mailer: services.mailer,
      siteAddress: siteAddressOf(services),
    }),
  );
  // Every five minutes: holds of a membership level whose time ran out ("membership ended").
  services.jobs.defineSchedule(LAPSED_HOLDINGS_JOB, "*/5 * * * *", () =>
    tellLapsedHoldings(services.database),
  );
}

/**
 * M5 campaigns: a send runs batch after batch from the ledger (decision 055); deferred
 * messages not yet due bring it back later, under a key of its own (the running job still
 * holds the campaign's). A scheduled start runs at its time and starts only a campaign still
 * scheduled for then.
 */
function registerCampaignJobs(services: ServerServices) {
  const sending = sendingServicesOf(services);
  services.jobs.work(CAMPAIGN_SEND_JOB, async (data, job) => {
    const accountId = String(data.accountId);
    const campaignId = String(data.campaignId);
    const result = await runCampaignSend(sending, {
      accountId,
      campaignId,
      runId: `${job.id}:${job.attempt}`,
    });
    if (result.again)
      await services.jobs.sendNow(
        CAMPAIGN_SEND_JOB,
        { accountId, campaignId },
        { singletonKey: `${campaignId}:later`, startAfterSeconds: result.again },
      );
    return { sent: result.sent, ...(result.ended ? { ended: result.ended } : {}) };
  });
  // An A/B test's wait is over: the verdict, and the rest of the audience gets the winner.
  services.jobs.work(CAMPAIGN_DECIDE_JOB, async (data) => {
    const verdict = await decideAbTest(
      { database: services.database, jobs: services.jobs, sendJob: CAMPAIGN_SEND_JOB },
      { accountId: String(data.accountId), campaignId: String(data.campaignId) },
    );
    return verdict ?? { decided: false };
  });
  services.jobs.work(CAMPAIGN_START_JOB, async (data) => {
    try {
      await startCampaign(sending, {
        accountId: String(data.accountId),
        campaignId: String(data.campaignId),
        dueBy: new Date(Date.now() + 1000),
      });
    } catch (error) {
      // Moved, unscheduled, started by hand or deleted since: nothing to start.
      if (!isAppError(error)) throw error;
    }
  });
}
