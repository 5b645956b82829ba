/**
 * The message areas of running a site and the platform (issue 17): billing, the console's shop
 * and plans, reports, app and setup, add-ons, tickets and the console. Part of `messageAreas`.
 */
export const businessAreas = {
  /** Issue 17 scope 1–2 (C7): /dashboard/billing — plan, meters, plans, invoices. */
  billingScreen: [
    "billing",
    "usage.meters",
    "dashboard.sections.billing",
    "ordersDashboard.status",
    "ordersDashboard.subscriptionStatus",
    "ordersDashboard.member.invoice",
    "ordersDashboard.member.invoiceFor",
    "ecommerce.payments.providers",
    "errors.billingSamePlan",
    "errors.billingChangeScheduled",
    "errors.billingIntervalUnavailable",
    "errors.billingTransferPending",
    "errors.unknownPlan",
    "errors.paymentProviderFailed",
    "errors.paymentKeysMissing",
    "errors.paymentProviderUnavailable",
    "errors.paymentBadSignature",
    "errors.paymentOneSubscription",
    "errors.orderNotFound",
    "errors.orderTransitionRefused",
  ],
  /** Issue 17 (console): /dashboard/billing/customers, /subscriptions, /orders (with ordersScreen). */
  billingShop: [
    "dashboard.sections.customers",
    "dashboard.sections.subscriptions",
    "dashboard.sections.billingOrders",
    "billing.shopExport",
  ],
  /** Issue 17 (console): /dashboard/billing/products — the plans sold, the platform's providers. */
  billingConsole: [
    "billing.console",
    "ordersDashboard.status",
    "ordersDashboard.subscriptionStatus",
    "billing.plans.per",
    "billing.invoices.plan",
    "dashboard.sections.products",
    "ecommerce.payments",
    "errors.paymentKeysMissing",
  ],
  /** Issue 17 scope 5: /dashboard/reports (the owner's figures over a period). */
  reportsScreen: ["reports", "dashboard.sections.reports"],
  /** Issue 17 scope 4: /dashboard/app — name, icon, language, currency, zone, features, domain. */
  siteAppPage: [
    "siteApp",
    "siteSettings.common",
    "dashboard.sections.app",
    "dashboard.sections.export",
    "errors.domainInvalid",
    "errors.domainPlatform",
    "errors.domainTaken",
    "errors.domainNoClaim",
    "errors.domainRecordMissing",
    "errors.domainRecordMismatch",
    "errors.domainLookupFailed",
    "errors.featureNotIncluded",
    "errors.crossSite",
    "errors.malformedRequest",
  ],
  /** Issue 17 scope 4: /dashboard/setup, the launch checklist. */
  siteSetupPage: ["siteSetup", "dashboard.sections.setup"],
  /** Issue 17 scope 3: /dashboard/addons. */
  siteAddonsPage: [
    "siteAddons",
    "dashboard.sections.addons",
    "errors.addonUnavailable",
    "errors.crossSite",
    "errors.malformedRequest",
  ],
  /** Issue 37: /dashboard/export (decision 081). */
  siteExportPage: [
    "accountExport",
    "dashboard.sections.export",
    "errors.crossSite",
    "errors.malformedRequest",
  ],
  /** Issue 37: /dashboard/manage/site/webhooks (decision 085). */
  siteWebhooksPage: [
    "webhooks",
    "dashboard.sections.manageWebhooks",
    "errors.webhookBadUrl",
    "errors.webhookPrivateAddress",
    "errors.webhookNotFound",
    "errors.webhookTooMany",
    "errors.webhookNoSecret",
    "errors.webhookDeliveryBusy",
    "errors.tooManyRequests",
    "errors.crossSite",
    "errors.malformedRequest",
  ],
  /** Issue 37: /dashboard/manage/site/api-keys (decision 086). */
  siteApiKeysPage: [
    "apiKeys",
    "dashboard.sections.manageApiKeys",
    "errors.apiKeyNotFound",
    "errors.apiKeyLimitReached",
    "errors.crossSite",
    "errors.malformedRequest",
  ],
  /** Issue 17 scope 6: /dashboard/tickets and a ticket's thread (the owner's and the desk's). */
  ticketsScreen: [
    "tickets",
    "dashboard.sections.tickets",
    "errors.ticketNotFound",
    "errors.ticketFileType",
    "errors.ticketTooManyFiles",
    "errors.ticketNotAssignable",
    "errors.tooLarge",
    "errors.tooManyRequests",
    "errors.notAuthenticated",
  ],
  /** M8 the platform console: accounts, an account's drawer, owners, the audit log. */
  consoleScreens: [
    "console",
    "dashboard.sections.accounts",
    "dashboard.sections.owners",
    "dashboard.sections.audit",
    "platform.pricing.features",
    "usage.meters",
    "errors.consoleHostAccount",
    "errors.consoleAccountSuspended",
    "errors.consoleNoOwner",
    "errors.noSuchSite",
    "errors.notAuthenticated",
    "errors.crossSite",
    "errors.malformedRequest",
  ],
} as const satisfies Record<string, readonly string[]>;
