/**
 * Stable error codes (the error catalogue). Each maps to an i18n key under `errors.` and an HTTP
 * status. Client-safe: routes and components show the translated key, never internals.
 */
export const errorCatalogue = {
  "request.invalid": { status: 400, key: "errors.invalidRequest" },
  "request.tooLarge": { status: 413, key: "errors.tooLarge" },
  "request.tooMany": { status: 429, key: "errors.tooManyRequests" },
  /** Text with NUL or broken Unicode, a body that is not an object, or that does not parse. */
  "request.malformed": { status: 400, key: "errors.malformedRequest" },
  /** A body of a type the route does not read (decision 043): refused before anything reads it. */
  "request.unsupportedMediaType": { status: 415, key: "errors.unsupportedMediaType" },
  /** A state-changing request that did not come from this site's own pages (decision 017). */
  "request.crossSite": { status: 403, key: "errors.crossSite" },
  "analytics.accountMismatch": { status: 403, key: "errors.accountMismatch" },
  not_authenticated: { status: 401, key: "errors.notAuthenticated" },
  "auth.forbidden": { status: 403, key: "errors.forbidden" },
  "auth.weakPassword": { status: 400, key: "errors.weakPassword" },
  "auth.tooManyRequests": { status: 429, key: "errors.tooManyRequests" },
  "auth.accountLocked": { status: 429, key: "errors.accountLocked" },
  /** A wrong password, or no such person: the same answer for both. */
  "auth.invalidCredentials": { status: 401, key: "errors.invalidCredentials" },
  "auth.invalidCode": { status: 400, key: "errors.invalidCode" },
  "auth.emailInUse": { status: 409, key: "errors.emailInUse" },
  "auth.singleSession": { status: 401, key: "errors.singleSession" },
  "accounts.slugTaken": { status: 409, key: "errors.slugTaken" },
  "accounts.slugReserved": { status: 400, key: "errors.slugReserved" },
  "accounts.unknownPlan": { status: 400, key: "errors.unknownPlan" },
  /** Not an account archive of ours, or one whose rows or files do not hold together. */
  "transfer.invalidArchive": { status: 400, key: "errors.invalidArchive" },
  /** An archive from a server with migrations this one has not applied: upgrade first. */
  "transfer.newerArchive": { status: 409, key: "errors.archiveTooNew" },
  /** The archive's account is already on this server (imported before, or never moved). */
  "transfer.accountExists": { status: 409, key: "errors.accountExists" },
  /** Staff (and the owner) leave a site through its owner's team screen, not by deleting themselves. */
  "erasure.staff": { status: 409, key: "errors.erasureStaff" },
  /** A subscription that would go on charging: cancelled first, then the account deleted. */
  "erasure.liveSubscription": { status: 409, key: "errors.erasureLiveSubscription" },
  /** The password (or, without one, the e-mail address) typed to confirm was not theirs. */
  "erasure.notConfirmed": { status: 403, key: "errors.erasureNotConfirmed" },
  "upload.invalidImage": { status: 400, key: "errors.invalidImage" },
  "media.notFound": { status: 404, key: "errors.mediaNotFound" },
  /** Every file of an upload was refused; the answer lists each one's reason. */
  "media.rejected": { status: 400, key: "errors.mediaRejected" },
  "media.inUse": { status: 409, key: "errors.mediaInUse" },
  "notifications.notFound": { status: 404, key: "errors.notificationNotFound" },
  "realtime.upgradeRequired": { status: 426, key: "errors.upgradeRequired" },
  /** A student action in a course the person has no live enrolment in. */
  "learning.notEnrolled": { status: 403, key: "errors.notEnrolled" },
  /** A lesson (or its quiz, files) not open yet: drip (details.opensAt) or sequential order. */
  "learning.lessonLocked": { status: 403, key: "errors.lessonLocked" },
  /** The plan's `courses` cap is reached: no course is added (new or duplicate). */
  "courses.limitReached": { status: 403, key: "errors.courseLimitReached" },
  /** The plan's `funnels` cap is reached: no funnel is added. */
  "funnels.limitReached": { status: 403, key: "errors.funnelLimitReached" },
  /** The plan's `groups` cap is reached: no group is added. */
  "groups.limitReached": { status: 403, key: "errors.groupsLimitReached" },
  /** A comment on a group's post whose comments a moderator closed (or that is hidden). */
  "groups.commentsClosed": { status: 409, key: "errors.groupCommentsClosed" },
  /** An answer to a poll whose post's comments a moderator closed (decision 069). */
  "groups.pollClosed": { status: 409, key: "errors.groupPollClosed" },
  /** Joining a group tied to a course or membership the viewer does not hold. */
  "groups.accessRequired": { status: 403, key: "errors.groupAccessRequired" },
  // Issue 35 messages: a block stands between them; the site's rule does not let them write.
  "messages.blocked": { status: 403, key: "errors.messagesBlocked" },
  "messages.notAllowed": { status: 403, key: "errors.messagesNotAllowed" },
  /** A new attempt past the quiz's attempt limit. */
  "quiz.attemptLimit": { status: 409, key: "errors.quizAttemptLimit" },
  /** An answer saved after the attempt's deadline (the server's clock). */
  "quiz.deadlinePassed": { status: 409, key: "errors.quizDeadlinePassed" },
  /** An answer saved to an attempt already submitted. */
  "quiz.attemptClosed": { status: 409, key: "errors.quizAttemptClosed" },
  "quiz.noQuestions": { status: 409, key: "errors.quizNoQuestions" },
  /** A quiz deleted while a course's lesson still takes it. */
  "quiz.inUse": { status: 409, key: "errors.quizInUse" },
  /** An answer file whose content is not a type the question (or the safe allow-list) takes. */
  "quiz.fileType": { status: 415, key: "errors.quizFileType" },
  /** A certificate asked for before the course is completed. */
  "certificates.notCompleted": { status: 409, key: "errors.certificateNotCompleted" },
  /** The course gives no certificate, or the site's plan has no certificates add-on. */
  "certificates.notOffered": { status: 409, key: "errors.certificateNotOffered" },
  /** A cart line that is unknown, unpublished or not priced in the order's currency. */
  "cart.itemUnavailable": { status: 409, key: "errors.cartItemUnavailable" },
  "cart.currencyMismatch": { status: 400, key: "errors.cartCurrencyMismatch" },
  "cart.empty": { status: 400, key: "errors.cartEmpty" },
  /** Spec §5/§8 coupon refusals (the box shows them as toasts; an order refuses with them). */
  "cart.couponLimit": { status: 409, key: "errors.couponLimit" },
  "cart.couponUnavailable": { status: 409, key: "errors.couponUnavailable" },
  "cart.couponExpired": { status: 409, key: "errors.couponExpired" },
  /** No coupon of that name on this site (the box marks the field, with no message). */
  "cart.couponUnknown": { status: 400, key: "errors.couponUnknown" },
  /** A course or membership the buyer already holds, active (issue 31; decision 041). */
  "cart.alreadyOwned": { status: 409, key: "errors.alreadyOwned" },
  "coupons.notFound": { status: 404, key: "errors.couponNotFound" },
  /** Another coupon of the site already has that name. */
  "coupons.nameTaken": { status: 409, key: "errors.couponNameTaken" },
  /** A provider the site has not switched on, or one that does not take the currency. */
  "payment.providerUnavailable": { status: 400, key: "errors.paymentProviderUnavailable" },
  /** The provider is on but its keys are missing or no longer readable. */
  "payment.keysMissing": { status: 409, key: "errors.paymentKeysMissing" },
  /** A webhook or return whose signature does not verify: nothing is changed. */
  "payment.badSignature": { status: 400, key: "errors.paymentBadSignature" },
  /** The provider refused or could not be reached. */
  "payment.providerFailed": { status: 502, key: "errors.paymentProviderFailed" },
  /** More than one subscription in a cart, for a provider whose subscription has one plan. */
  "payment.oneSubscription": { status: 409, key: "errors.paymentOneSubscription" },
  /** A subscription beside one-time items, for a provider that charges only the plan (PayPal). */
  "payment.subscriptionAlone": { status: 409, key: "errors.paymentSubscriptionAlone" },
  /** The site already pays for this plan and interval. */
  "billing.samePlan": { status: 409, key: "errors.billingSamePlan" },
  /** A cheaper plan is already bought to start when the current period ends. */
  "billing.changeScheduled": { status: 409, key: "errors.billingChangeScheduled" },
  /** The plan is not sold with that interval (e.g. Lifetime monthly). */
  "billing.intervalUnavailable": { status: 400, key: "errors.billingIntervalUnavailable" },
  /** A bank transfer the owner asked for still waits: withdrawn before another plan is bought. */
  "billing.transferPending": { status: 409, key: "errors.billingTransferPending" },
  /** "Keep my current plan" with no downgrade waiting. */
  "billing.noChangeScheduled": { status: 409, key: "errors.billingNoChangeScheduled" },
  /** The downgrade has already started: it cannot be taken back from the billing screen. */
  "billing.changeApplied": { status: 409, key: "errors.billingChangeApplied" },
  /** The downgrade was paid at once (bank transfer): taking it back is a refund, support's work. */
  "billing.changePaid": { status: 409, key: "errors.billingChangePaid" },
  "order.notFound": { status: 404, key: "errors.orderNotFound" },
  /** A move the order's state machine does not allow (e.g. refunding a pending order). */
  "order.transitionRefused": { status: 409, key: "errors.orderTransitionRefused" },
  /** Another product of the site already has this address. */
  "products.slugTaken": { status: 409, key: "errors.productSlugTaken" },
  /** A refund of more than what is left of the order (its total less what was refunded). */
  "order.refundTooLarge": { status: 400, key: "errors.orderRefundTooLarge" },
  /** Another membership level of the site already has this address. */
  "memberships.slugTaken": { status: 409, key: "errors.membershipSlugTaken" },
  /** A level given by hand to an e-mail that is no member of the site. */
  "memberships.unknownMember": { status: 404, key: "errors.membershipUnknownMember" },
  // Issue 35 the Members screen: no such member of the site; a change of one's own place; the
  // site's last owner; a member whose orders keep their membership for the records.
  "members.notFound": { status: 404, key: "errors.memberNotFound" },
  "members.self": { status: 409, key: "errors.memberSelf" },
  "members.lastOwner": { status: 409, key: "errors.memberLastOwner" },
  "members.hasOrders": { status: 409, key: "errors.memberHasOrders" },
  /** No waiting invitation for that address (joined meanwhile, or withdrawn already). */
  "members.inviteNotFound": { status: 404, key: "errors.memberInviteNotFound" },
  // Issue 36 appointments: no such (active) type or booking here; a type's address name in use;
  // a slot no longer open (taken meanwhile, or outside the host's hours).
  "appointments.notFound": { status: 404, key: "errors.appointmentNotFound" },
  "appointments.slugTaken": { status: 409, key: "errors.appointmentSlugTaken" },
  "appointments.slotTaken": { status: 409, key: "errors.appointmentSlotTaken" },
  /** The booker holds a seat in that session already. */
  "appointments.alreadyBooked": { status: 409, key: "errors.appointmentAlreadyBooked" },
  // A person holding HOLDS_PER_PERSON unpaid slots pays or lets one go first (decision 078).
  "appointments.tooManyHolds": { status: 409, key: "errors.appointmentTooManyHolds" },
  /** The product chosen to sell a type is not one of the site's. */
  "appointments.productNotFound": { status: 400, key: "errors.appointmentProductNotFound" },
  /** A question the type requires was left without an answer. */
  "appointments.answersMissing": { status: 400, key: "errors.appointmentAnswersMissing" },
  /** A booker past the host's notice for changes (decision 076). */
  "appointments.tooLate": { status: 409, key: "errors.appointmentTooLate" },
  /** A booker who moved the booking as often as the host allows. */
  "appointments.noMoreChanges": { status: 409, key: "errors.appointmentNoMoreChanges" },
  // Issue 36 meetings (decision 077): no such room for the viewer; its door not open now;
  // a meeting server named without what it needs.
  "meetings.notFound": { status: 404, key: "errors.meetingNotFound" },
  "meetings.notOpen": { status: 409, key: "errors.meetingNotOpen" },
  "meetings.settingsIncomplete": { status: 400, key: "errors.meetingSettingsIncomplete" },
  /** A room set to start in the past, or more than a year ahead. */
  "meetings.badStart": { status: 400, key: "errors.meetingBadStart" },
  /** Issue 17 the custom domain: not a domain name (spec §5 V1 pattern). */
  "domain.invalid": { status: 400, key: "errors.domainInvalid" },
  /** The platform's own domain or one of its sub-domains (the sites' own addresses). */
  "domain.platform": { status: 400, key: "errors.domainPlatform" },
  /** Another site answers at that domain. */
  "domain.taken": { status: 409, key: "errors.domainTaken" },
  /** Verify asked with no domain waiting for its record (or a newer claim replaced it). */
  "domain.noClaim": { status: 409, key: "errors.domainNoClaim" },
  /** No TXT record at `_lyceum-verify.<domain>`. */
  "domain.recordMissing": { status: 409, key: "errors.domainRecordMissing" },
  /** TXT records there, none of them the value the owner was given. */
  "domain.recordMismatch": { status: 409, key: "errors.domainRecordMismatch" },
  /** The resolver did not answer (timed out, refused, failed): nothing is known. */
  "domain.lookupFailed": { status: 502, key: "errors.domainLookupFailed" },
  /** A feature switched on that the account's plan does not include (A10). */
  "plans.featureNotIncluded": { status: 403, key: "errors.featureNotIncluded" },
  /** An add-on switched that the plan does not give (or is not available yet). */
  "plans.addonUnavailable": { status: 403, key: "errors.addonUnavailable" },
  /** Issue 17 scope 6: no such ticket in the viewer's sight (another site's is not found too). */
  "tickets.notFound": { status: 404, key: "errors.ticketNotFound" },
  /** An attachment whose content is not an image, PDF, text or zip (or not what its name says). */
  "tickets.fileType": { status: 415, key: "errors.ticketFileType" },
  /** More than five attachments on one message. */
  "tickets.tooManyFiles": { status: 400, key: "errors.ticketTooManyFiles" },
  /** A ticket given to someone who is not one of the platform's super-admins. */
  "tickets.notAssignable": { status: 400, key: "errors.ticketNotAssignable" },
  /** M5: no such campaign on this site. */
  "campaigns.notFound": { status: 404, key: "errors.campaignNotFound" },
  /** The campaign is not in a state that allows this (editing one that is sending, resuming a sent one). */
  "campaigns.wrongState": { status: 409, key: "errors.campaignWrongState" },
  /** A campaign without a subject or content cannot be sent, scheduled or tested. */
  "campaigns.notReady": { status: 400, key: "errors.campaignNotReady" },
  /** M5 automations: pausing one that is not on, resuming one that is not paused, and so on. */
  "automations.wrongState": { status: 409, key: "errors.automationWrongState" },
  /** Issue 37 webhooks (decision 085): an address that is not http(s), or has credentials in it. */
  "webhooks.badUrl": { status: 400, key: "errors.webhookBadUrl" },
  /** A loopback, private or reserved address, where the operator allows public ones only. */
  "webhooks.privateAddress": { status: 400, key: "errors.webhookPrivateAddress" },
  "webhooks.notFound": { status: 404, key: "errors.webhookNotFound" },
  /** The site has as many endpoints as it may (MAX_ENDPOINTS). */
  "webhooks.tooMany": { status: 409, key: "errors.webhookTooMany" },
  /** An imported endpoint: its secret stayed behind, a new one is rolled first. */
  "webhooks.noSecret": { status: 409, key: "errors.webhookNoSecret" },
  /** A retry asked for while that very call is being made. */
  "webhooks.deliveryBusy": { status: 409, key: "errors.webhookDeliveryBusy" },
  /** M5 affiliates: joining (or acting in) a programme the site has switched off. */
  "affiliates.closed": { status: 409, key: "errors.affiliateProgrammeClosed" },
  /** A payout of nothing: no due commission, or less than the programme's minimum payout. */
  "affiliates.nothingDue": { status: 409, key: "errors.affiliateNothingDue" },
  /** A schedule in the past. */
  "campaigns.pastSchedule": { status: 400, key: "errors.campaignPastSchedule" },
  /** The relay refused a test message (its answer is in the details). */
  "campaigns.testFailed": { status: 502, key: "errors.campaignTestFailed" },
  /** A site's own relay (or the platform's) could not be reached or refused the sending settings' test. */
  "campaigns.relayFailed": { status: 502, key: "errors.campaignRelayFailed" },
  /** A bounce or complaint report posted to /api/email/feedback with no mail in it. */
  "campaigns.feedbackEmpty": { status: 400, key: "errors.campaignFeedbackEmpty" },
  /** What was posted to /api/email/feedback does not read as a mail (no header parses). */
  "campaigns.feedbackUnreadable": { status: 400, key: "errors.campaignFeedbackUnreadable" },
  /** An API key that is malformed, unknown on this site, revoked, expired, or whose maker may no longer act (decision 086). */
  "apiKey.invalid": { status: 401, key: "errors.apiKeyInvalid" },
  /** An API key's request to a route none of its scopes opens. */
  "apiKey.scopeMissing": { status: 403, key: "errors.apiKeyScopeMissing" },
  /** An API key's request to a route no key may use (sessions, keys, passwords, the dashboard). */
  "apiKey.routeClosed": { status: 403, key: "errors.apiKeyRouteClosed" },
  "apiKey.notFound": { status: 404, key: "errors.apiKeyNotFound" },
  /** The site holds as many live keys as it may (revoke one first). */
  "apiKey.limitReached": { status: 409, key: "errors.apiKeyLimitReached" },
  "route.notFound": { status: 404, key: "errors.pageNotFound" },
  "tenant.notFound": { status: 404, key: "errors.noSuchSite" },
  /** The console cannot suspend the site whose dashboard it is used from (it would shut itself). */
  "console.hostAccount": { status: 409, key: "errors.consoleHostAccount" },
  /** A suspended site's dashboard cannot be opened (restore it first). */
  "console.accountSuspended": { status: 409, key: "errors.consoleAccountSuspended" },
  /** The site has no member holding the owner's role. */
  "console.noOwner": { status: 409, key: "errors.consoleNoOwner" },
  /** The console's entry link is unknown, used, expired, or for another site or browser. */
  "console.entryExpired": { status: 410, key: "errors.consoleEntryExpired" },
  /** The platform's console suspended the site: everything but the health probes answers this. */
  "tenant.suspended": { status: 503, key: "errors.siteSuspended" },
  "server.unavailable": { status: 503, key: "errors.unavailable" },
  "server.internal": { status: 500, key: "errors.internal" },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;
  /** Sent as `Retry-After` (a limiter's refusal says when its budget comes back). */
  readonly retryAfterSeconds?: number;

  constructor({
    code,
    status,
    details,
    cause,
    retryAfterSeconds,
  }: {
    code: ErrorCode;
    status?: number;
    details?: unknown;
    cause?: unknown;
    retryAfterSeconds?: number;
  }) {
    super(code, { cause });
    this.code = code;
    this.status = status ?? errorCatalogue[code].status;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * By name and shape as well as by class: a service made outside the pages bundle (the tests'
 * services around the built bundle) throws its own copy of the class.
 */
export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof AppError ||
    (error instanceof Error &&
      error.name === "AppError" &&
      typeof (error as { code?: unknown }).code === "string" &&
      typeof (error as { status?: unknown }).status === "number")
  );
}

/** An error code from the API as its catalogue's text key (unknown codes read as internal). */
export function errorKeyOf(code: string): string {
  return (errorCatalogue as Record<string, { key: string }>)[code]?.key ?? "errors.internal";
}
