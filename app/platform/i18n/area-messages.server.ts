import type { Messages } from "~/platform/i18n/i18n";
import type { LanguageCode } from "~/platform/i18n/languages";
import { pickMessages } from "~/platform/i18n/messages.server";
import { businessAreas } from "./business-areas";
import { marketingAreas } from "./marketing-areas";

/** What the platform's marketing pages share: the call to action at their foot. */
const marketingCta = [
  "platform.home.ctaTitle",
  "platform.home.ctaText",
  "platform.home.secondary",
] as const;

/**
 * Which parts of the catalogue each area of the app sends with its pages (issue 12). The root
 * loader sends `everyPage`; a layout or page loader sends its area's parts as `messages` in its
 * data, and the root component adds them to the page's i18next instance before its routes
 * render (app/root.tsx). A route module names the areas it sends; the test beside this file
 * checks that every key its components use arrives with one of them.
 */
export const messageAreas = {
  /** The root: what an error screen says, on any host. */
  everyPage: [
    "errors.invalidRequest",
    "errors.invalidRequestText",
    "errors.forbidden",
    "errors.forbiddenText",
    "errors.pageNotFound",
    "errors.pageNotFoundText",
    "errors.internal",
    "errors.internalText",
    "errors.backHome",
  ],
  /** An account's site frame (host layout): header, footer, notices, cart, search, user menu. */
  siteFrame: [
    "site.openMenu",
    "site.toggleTheme",
    "site.poweredBy",
    "site.admin",
    "chrome",
    "cart",
    "search",
    "auth.userMenu",
    "errors.notFound",
  ],
  /** The site's home, blog and courses. */
  siteContent: [
    "site.welcome",
    "site.latestPosts",
    "site.noPosts",
    "site.publishedOn",
    "site.blog",
    "site.courses",
  ],
  /** A post's, page's or doc's language switcher. */
  contentLanguages: ["site.languages"],
  /** A post's comments: the thread and the form (the public post page). */
  postComments: ["comments"],
  /** C5: the checkout and the errors its order can meet. */
  checkoutPage: [
    "checkout",
    "errors.cartItemUnavailable",
    "errors.couponLimit",
    "errors.couponUnavailable",
    "errors.couponExpired",
    "errors.couponUnknown",
    "errors.cartCurrencyMismatch",
    "errors.cartEmpty",
    "errors.paymentProviderUnavailable",
    "errors.paymentKeysMissing",
    "errors.paymentProviderFailed",
    "errors.paymentOneSubscription",
    "errors.paymentSubscriptionAlone",
    "errors.orderNotFound",
    "errors.orderTransitionRefused",
    "errors.notAuthenticated",
    "errors.tooManyRequests",
  ],
  /** The buyer's order on /thankyou (with the orders screens' badges). */
  orderPage: [
    "orderThanks",
    "ordersDashboard.status",
    "ordersDashboard.subscriptionStatus",
    "ordersDashboard.partlyRefunded",
  ],
  docsPages: ["sitePages.docs"],
  thankYouPage: ["sitePages.thankyou"],
  subscribedPage: ["sitePages.subscribed"],
  /** M5: a campaign reader's unsubscribe and preference page (/email/…). */
  emailPreferencesPage: ["campaigns.preferences"],
  /** A site's sign-in, sign-up and password reset (and the welcome after a platform sign-up). */
  siteAuth: [
    "auth.fields",
    "auth.login",
    "auth.signup",
    "auth.forgot",
    "auth.reset",
    "auth.twoFactor",
    "auth.errors",
    "auth.passwordReasons",
    "platform.welcome",
  ],
  /** The platform's frame on the base domain (host layout): its navigation and footer. */
  platformFrame: ["platform.nav", "platform.footer"],
  platformHome: ["platform.home", "platform.visitDemo", "platform.pricing"],
  platformProduct: ["platform.product", ...marketingCta],
  platformUseCases: ["platform.useCases", ...marketingCta],
  platformFeatures: ["platform.features", ...marketingCta],
  platformPricing: ["platform.pricing", ...marketingCta],
  /** The base domain's /login: find your site. */
  platformLogin: ["platform.login", "platform.signup.slugStatus.invalid", "auth.errors.generic"],
  /** The base domain's /signup: a new site and its owner. */
  platformSignup: [
    "platform.signup",
    "platform.pricing",
    ...marketingCta,
    "auth.fields",
    "auth.errors",
    "auth.passwordReasons",
    "errors.slugTaken",
    "errors.slugReserved",
    "errors.unknownPlanText",
    "errors.emailInUseText",
  ],
  /** Issue 16: a product's price, billing words and card (course pages, product pages, cards). */
  productOffer: [
    "products.kinds",
    "products.billing",
    "products.free",
    "products.regularPrice",
    "products.view",
  ],
  /** Issue 16: the public product page. */
  productPage: ["products.page"],
  /** Issue 16: a members-only post, page or doc's call to action. */
  membersOnly: ["memberships.gate"],
  /** Issue 16: the managers' products, product editor and the e-commerce tabs. */
  ecommerceProducts: [
    "ecommerce",
    "products",
    "media",
    "content",
    "dashboard.sections.manageEcommerce",
    "dashboard.sections.manageProduct",
  ],
  ...marketingAreas,
  /** M5: a form on its own page of the site (/form/{slug}) and a confirmation (/subscribed). */
  formPage: ["forms.public", "sitePages.subscribed"],
  /** Issue 16: the managers' membership levels, their rules and holders. */
  ecommerceMemberships: ["memberships", "dashboard.sections.manageMemberships"],
  /** The dashboard's shell (its layout): sidebar, menus, tour, bells, presence. */
  dashboardShell: [
    "dashboard.sidebar",
    "dashboard.menus",
    "dashboard.toggleSidebar",
    "dashboard.viewSite",
    "dashboard.documentation",
    "dashboard.accountMenu",
    "dashboard.theme",
    "dashboard.menu",
    "dashboard.create",
    "dashboard.tour",
    "notifications",
    "realtime",
    "gamification",
    "errors.singleSession",
  ],
  dashboardHome: ["dashboard.home", "roles"],
  profilePage: [
    "profile",
    "roles",
    "auth.fields",
    "auth.passwordReasons",
    "auth.twoFactor",
    "auth.errors",
    "errors.invalidImageText",
    "memberProfiles.own",
    "memberProfiles.publicPage",
    "errors.erasureStaff",
    "errors.erasureLiveSubscription",
    "errors.erasureNotConfirmed",
    "errors.tooManyRequests",
  ],
  outboxPage: ["outbox"],
  /** The job queue's schedules (features/maintenance, issue 17 scope 8). */
  cronsScreen: ["crons", "dashboard.sections.crons"],
  notificationsPage: ["dashboard.sections.notifications"],
  /** The teacher's quiz list and the quiz editor (features/quizzes). */
  quizzesEditor: [
    "dashboard.sections.quizzes",
    "quizzes.editor",
    "quizzes.types",
    "quizzes.taker",
    "errors.quizInUse",
  ],
  /** The grading queue of essays and file answers. */
  quizzesGrading: [
    "dashboard.sections.grading",
    "quizzes.grading",
    "quizzes.types",
    "quizzes.editor.course",
    "quizzes.taker",
  ],
  /** A quiz taken on its own page. */
  quizzesTaker: [
    "quizzes.taker",
    "errors.quizAttemptLimit",
    "errors.quizDeadlinePassed",
    "errors.quizAttemptClosed",
    "errors.quizNoQuestions",
    "errors.notEnrolled",
  ],
  /** Every dashboard screen's title and description: empty states and the site settings index. */
  dashboardSections: ["dashboard.sections"],
  memberMenuEditor: ["dashboard.memberMenu", "siteSettings.common.errors"],
  /** The posts list and the post editor. */
  postsEditor: [
    "posts",
    "content",
    "media",
    "siteSettings.common.errors",
    "siteSettings.common.close",
    "dashboard.sections.posts",
    "dashboard.sections.newPost",
  ],
  /** M1 the course builder, the instructor's list, the e-learning and categories screens. */
  courseBuilder: [
    "courseBuilder",
    "learning.students.title",
    "courseReports.gradebook.title",
    "courseReports.stats.title",
    "siteSettings.menu.dnd",
    "content",
    "media",
    "site.courses",
    "siteSettings.common.close",
    "dashboard.sections.instructor",
    "dashboard.sections.newCourse",
    "dashboard.sections.editCourse",
    "dashboard.sections.manageElearning",
    "dashboard.sections.manageCategories",
  ],
  /** The media library screens (and, with the post editor, its picker). */
  mediaLibrary: ["media", "dashboard.sections.media", "dashboard.sections.manageMedia"],
  /** The pages and docs list and the page builder (shares the posts editor's words). */
  pagesEditor: [
    "pages",
    "media",
    "siteSettings.common.close",
    "posts.status",
    "posts.editor",
    "posts.list",
    "content",
    "siteSettings.common.errors",
    "dashboard.sections.pages",
  ],
  /** Learning (issue 15): the course player, the enrol call to action, the member's courses, a course's students. */
  learningPlayer: [
    "learning.player",
    "learning.types",
    "learning.enrol",
    "learning.progress",
    "learning.myCourses.title",
    "learning.students.close",
    "learning.students.title",
    "gamification",
  ],
  learningEnrol: ["learning.enrol", "learning.progress"],
  learningCourses: [
    "learning.myCourses",
    "learning.progress",
    "dashboard.sections.certificates.title",
  ],
  learningStudents: ["learning.students", "learning.progress"],
  /** A course's gradebook and stats (issue 15 scope 5). */
  courseReports: ["courseReports"],
  /** The public verification of a certificate. */
  certificatePage: ["certificates.verify"],
  /** Issue 35: a member's public profile (decision 071). */
  publicProfilePage: [
    "memberProfiles.since",
    "memberProfiles.points",
    "memberProfiles.about",
    "memberProfiles.certificates",
    "leaderboard.levelNumber",
  ],
  /** A member's certificates. */
  memberCertificates: ["certificates.mine", "dashboard.sections.certificates"],
  /** Issue 16 scope 6: /dashboard/orders (a member's orders, the shop's for managers). */
  ordersScreen: [
    "ordersDashboard",
    "dashboard.sections.orders",
    "errors.orderNotFound",
    "errors.orderTransitionRefused",
    "errors.orderRefundTooLarge",
    "errors.paymentProviderFailed",
    "errors.paymentKeysMissing",
    "errors.paymentProviderUnavailable",
    "errors.cartItemUnavailable",
    "errors.cartCurrencyMismatch",
    "errors.notAuthenticated",
    "errors.tooManyRequests",
    "errors.crossSite",
    "errors.malformedRequest",
  ],
  ...businessAreas,
  /** The owner's certificate template, its preview and the media picker. */
  certificateTemplate: [
    "certificates.template",
    "certificates.pdf",
    "siteSettings.common",
    "media",
    "dashboard.sections.manageCertificates",
  ],
  siteThemePage: ["siteSettings.common", "siteSettings.theme", "dashboard.sections.manageTheme"],
  siteHeaderPage: [
    "siteSettings.common",
    "siteSettings.header",
    "siteSettings.logo",
    "siteSettings.menu",
    "dashboard.sections.manageHeader",
  ],
  /** M5: /dashboard/manage/marketing — the marketing tools and the notices' editor. */
  marketingPage: [
    "siteSettings.common",
    "siteSettings.notices",
    "dashboard.sections.manageMarketing",
    "dashboard.sections.manageEmails",
    "dashboard.sections.manageForms",
    "dashboard.sections.managePopups",
    "dashboard.sections.manageFunnels",
    "dashboard.sections.manageAutomations",
    "dashboard.sections.manageAffiliates",
  ],
  siteFooterPage: [
    "siteSettings.common",
    "siteSettings.footer",
    "siteSettings.notices",
    "dashboard.sections.manageFooter",
  ],
} as const satisfies Record<string, readonly string[]>;

export type MessageArea = keyof typeof messageAreas;

/** The catalogue's parts for `areas`, in `lang`: a loader's `messages`. */
export function areaMessages(lang: LanguageCode, ...areas: MessageArea[]): Messages {
  return pickMessages(
    lang,
    areas.flatMap((area) => messageAreas[area]),
  );
}
