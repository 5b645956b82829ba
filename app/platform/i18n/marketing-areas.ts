/** What a booking, a move or a cancellation may answer (issue 36). */
const bookingErrors = [
  "errors.appointmentNotFound",
  "errors.appointmentSlotTaken",
  "errors.appointmentAlreadyBooked",
  "errors.appointmentTooLate",
  "errors.appointmentNoMoreChanges",
  "errors.appointmentAnswersMissing",
  "errors.appointmentTooManyHolds",
  // invalidRequest, forbidden and internal come with every page.
  "errors.notAuthenticated",
  "errors.tooManyRequests",
];

/**
 * The message areas of the marketing screens (M5): contacts and campaigns, forms, popups,
 * automations and affiliates, the owner's side and a member's; and of appointments (issue 36).
 * Part of `messageAreas`.
 */
export const marketingAreas = {
  /** M5: the site's contacts and segments (/dashboard/manage/marketing/emails). */
  contactsScreen: [
    "contacts",
    "content.trashHelp",
    "posts.list.pager",
    "siteSettings.common.errors",
    "dashboard.sections.manageEmails",
  ],
  /** M5: the campaigns tab of /dashboard/manage/marketing/emails (with contactsScreen). */
  campaignsScreen: [
    "campaigns.screen",
    "content.revisions",
    "content.compare",
    "content.someone",
    "siteSettings.common.errors",
    "errors.campaignNotFound",
    "errors.campaignWrongState",
    "errors.campaignNotReady",
    "errors.campaignPastSchedule",
    "errors.campaignTestFailed",
    "errors.campaignRelayFailed",
  ],
  /** M5: the site's forms, their builder and answers (/dashboard/manage/marketing/forms). */
  formsScreen: [
    "forms",
    "contacts.status",
    "posts.list.pager",
    "siteSettings.common.errors",
    "dashboard.sections.manageForms",
  ],
  /** M5: the site's popups and their editor (/dashboard/manage/marketing/popups). */
  popupsScreen: ["popups", "siteSettings.common.errors", "dashboard.sections.managePopups"],
  /** M5: the site's automations, their builder and contacts' timelines (issue 34). */
  automationsScreen: [
    "automations",
    // The e-mail steps' block editor is the campaigns' own.
    "campaigns.screen.blocks",
    "campaigns.screen.mergeTags",
    "campaigns.screen.defaults",
    "campaigns.screen.status",
    "siteSettings.common.errors",
    "dashboard.sections.manageAutomations",
    "errors.automationWrongState",
  ],
  /** M5: the site's funnels, their steps and reports (issue 34). */
  funnelsScreen: [
    "funnels",
    "siteSettings.common.errors",
    "dashboard.sections.manageFunnels",
    "errors.funnelLimitReached",
  ],
  /**
   * Issue 35: the groups screens (/dashboard/groups and a group's page), with the post editor's
   * words and the media picker's. Kept here, beside the other member-facing screens of M5, so
   * that area-messages.server.ts needs no change.
   */
  activityScreen: ["activity", "dashboard.sections.activity"],
  leaderboardScreen: [
    "leaderboard",
    "siteSettings.common.errors",
    "dashboard.sections.leaderboard",
  ],
  messagesScreen: [
    "messages",
    "media",
    "siteSettings.common.errors",
    "dashboard.sections.messages",
    "errors.messagesBlocked",
    "errors.messagesNotAllowed",
    "errors.tooManyRequests",
  ],
  groupsScreen: [
    "groups",
    "content.editor",
    "media",
    "siteSettings.common.errors",
    "dashboard.sections.groups",
    "errors.groupsLimitReached",
    "errors.groupCommentsClosed",
    "errors.groupPollClosed",
    "errors.groupAccessRequired",
    "errors.tooManyRequests",
  ],
  /** Issue 36: the host's appointments setup (/dashboard/manage/appointments). */
  appointmentsScreen: [
    "appointments.setup",
    "appointments.location",
    "dashboard.sections.manageAppointments",
    "siteSettings.common.errors",
    "errors.appointmentNotFound",
    "errors.appointmentSlugTaken",
    "errors.appointmentProductNotFound",
  ],
  /** Issue 36: a type's public booking page (/book/{slug}) and its island. */
  bookingPage: [
    "appointments.book",
    "appointments.location",
    "appointments.setup.minutes",
    ...bookingErrors,
  ],
  /** Issue 36: a member's bookings (/dashboard/bookings). */
  bookingsScreen: [
    "appointments.book",
    "appointments.bookings",
    "appointments.location",
    "appointments.setup.minutes",
    "dashboard.sections.bookings",
    ...bookingErrors,
  ],
  /** Issue 36: a host's bookings, calendar, hours and types (/dashboard/appointments). */
  hostAppointmentsScreen: [
    "appointments.book",
    "appointments.bookings",
    "appointments.hosting",
    "appointments.setup",
    "appointments.location",
    "dashboard.sections.appointments",
    "siteSettings.common.errors",
    "errors.appointmentSlugTaken",
    "errors.appointmentProductNotFound",
    ...bookingErrors,
  ],
  /** Issue 36: the rooms a member may enter (/dashboard/meetings). */
  meetingsScreen: [
    "meetings",
    "dashboard.sections.meetings",
    "errors.meetingNotOpen",
    "errors.meetingNotFound",
    "errors.meetingSettingsIncomplete",
    "errors.meetingBadStart",
    "siteSettings.common.errors",
  ],
  /** Issue 35: the owner's Members screen (/dashboard/manage/users) and a member's page. */
  membersScreen: [
    "members",
    "roles",
    "posts.list.pager",
    "siteSettings.common.errors",
    "dashboard.sections.manageUsers",
    "dashboard.sections.manageUser",
    "errors.memberNotFound",
    "errors.memberSelf",
    "errors.memberLastOwner",
    "errors.memberHasOrders",
    "memberProfiles.visible",
    "memberProfiles.visibleHelp",
    "memberProfiles.publicSwitch",
    "memberProfiles.publicSwitchHelp",
  ],
  /** Issue 35: a member's profile for the site's members (decision 070). */
  memberProfileScreen: [
    "memberProfiles",
    "activity",
    "roles",
    "leaderboard.levelNumber",
    "dashboard.sections.memberProfile",
    "dashboard.sections.activity",
  ],
  /** A funnel's step on the site (/f/…): its part's words and the offer's. */
  funnelPage: ["funnelPage"],
  /** M5: the site's affiliates, their commissions and payouts, the programme (issue 34). */
  affiliatesScreen: [
    "affiliates",
    "siteSettings.common.errors",
    "dashboard.sections.manageAffiliates",
    "errors.affiliateProgrammeClosed",
    "errors.affiliateNothingDue",
  ],
  /** M5: a member's side of the programme: joining, their link, figures and payouts. */
  affiliateMember: [
    "affiliates.none",
    "affiliates.status",
    "affiliates.commissionStatus",
    "affiliates.reasons",
    "affiliates.stats",
    "affiliates.tabs",
    "affiliates.commissions",
    "affiliates.payouts",
    "affiliates.terms",
    "affiliates.member",
    "dashboard.sections.affiliate",
    "errors.affiliateProgrammeClosed",
    "errors.affiliateNothingDue",
  ],
} as const satisfies Record<string, readonly string[]>;
