import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
// The route config is loaded on its own, before aliases, and must not load components: the
// sections registry is imported directly (the boundary check allows this one file).
import { dashboardSections } from "./features/dashboard/sections";

// The whole URL map, written out. Host decides whose site a path belongs to: the layout's
// loader picks the account's site frame or the platform's.
export default [
  // Resource routes: plain text and XML, outside the HTML layout.
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("dashboard/course/:id/gradebook.csv", "routes/dashboard/course-gradebook-csv.ts"),
  route("dashboard/orders.csv", "routes/dashboard/orders-csv.ts"),
  route("dashboard/reports.csv", "routes/dashboard/reports-csv.ts"),
  route("dashboard/manage/marketing/emails/contacts.csv", "routes/dashboard/contacts-csv.ts"),
  // Issue 35: the Members list of the same filters as CSV.
  route("dashboard/manage/users.csv", "routes/dashboard/members-csv.ts"),
  route(
    "dashboard/manage/marketing/forms/submissions.csv",
    "routes/dashboard/form-submissions-csv.ts",
  ),
  route(
    "dashboard/manage/marketing/affiliates/payouts.csv",
    "routes/dashboard/affiliates-payouts-csv.ts",
  ),
  // Issue 36: a meeting room's door (decision 077): checks who and when, then the room.
  route("dashboard/meetings/join", "routes/dashboard/meetings-join.ts"),
  route("dashboard/billing/invoices/:orderId", "routes/dashboard/billing-invoice.ts"),
  // The console's orders (the platform shop's) as CSV, super-admins only.
  route("dashboard/billing/orders.csv", "routes/dashboard/billing-orders-csv.ts"),
  // Its customers and subscriptions likewise (one module, two ids).
  route("dashboard/billing/customers.csv", "routes/dashboard/billing-lists-csv.ts", {
    id: "dashboard-billing-customers-csv",
  }),
  route("dashboard/billing/subscriptions.csv", "routes/dashboard/billing-lists-csv.ts", {
    id: "dashboard-billing-subscriptions-csv",
  }),
  layout("routes/host-layout.tsx", [
    index("routes/home.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("login/reset-password", "routes/auth/reset-password.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    layout("routes/dashboard/layout.tsx", [
      route("dashboard", "routes/dashboard/home.tsx"),
      route("dashboard/profile", "routes/dashboard/profile.tsx"),
      route("dashboard/maintenance/outbox", "routes/dashboard/outbox.tsx"),
      // Issue 17 scope 8: the job queue's schedules (super-admins; the sections registry's rule).
      route("dashboard/maintenance/crons", "routes/dashboard/crons.tsx"),
      route("dashboard/notifications", "routes/dashboard/notifications.tsx"),
      // D16 site settings and their editors (their access rules stay in the sections registry).
      route("dashboard/manage/site", "routes/dashboard/site-index.tsx"),
      route("dashboard/manage/site/theme", "routes/dashboard/site-theme.tsx"),
      route("dashboard/manage/site/header", "routes/dashboard/site-header.tsx"),
      route("dashboard/manage/site/footer", "routes/dashboard/site-footer.tsx"),
      // Issue 37: the site's outgoing webhooks (decision 085).
      route("dashboard/manage/site/webhooks", "routes/dashboard/site-webhooks.tsx"),
      // Issue 37: the site's API keys, for its owner (decision 086).
      route("dashboard/manage/site/api-keys", "routes/dashboard/site-api-keys.tsx"),
      route("dashboard/posts", "routes/dashboard/posts.tsx"),
      // The comments on posts: a tab of the posts screen, opened by its rule.
      route("dashboard/posts/comments", "routes/dashboard/post-comments.tsx"),
      route("dashboard/posts/:slug", "routes/dashboard/post-by-address.tsx"),
      route("dashboard/post/:id?", "routes/dashboard/post.tsx"),
      route("dashboard/media", "routes/dashboard/media.tsx", { id: "dashboard-media" }),
      route("dashboard/manage/media", "routes/dashboard/media.tsx", {
        id: "dashboard-manage-media",
      }),
      route("dashboard/pages", "routes/dashboard/pages.tsx"),
      // Learning: the member's courses and a course's students (issue 15).
      route("dashboard/courses", "routes/dashboard/my-courses.tsx"),
      route("dashboard/course/:id/students", "routes/dashboard/course-students.tsx"),
      route("dashboard/pages/:ref", "routes/dashboard/page.tsx"),
      // The platform's own docs (super-admins): the same screens, on the platform account.
      route("dashboard/docs", "routes/dashboard/pages.tsx", { id: "dashboard-docs" }),
      route("dashboard/docs/:ref", "routes/dashboard/page.tsx", { id: "dashboard-doc" }),
      // M1 teaching: the instructor's courses, a new course, the course builder.
      route("dashboard/instructor", "routes/dashboard/instructor.tsx"),
      route("dashboard/instructor/new", "routes/dashboard/instructor-new.tsx"),
      route("dashboard/course/:id?", "routes/dashboard/course.tsx"),
      // Issue 16 commerce: products (with the coupons and payments tabs), a product's editor,
      // membership levels.
      route("dashboard/manage/ecommerce", "routes/dashboard/ecommerce.tsx"),
      // M5: the marketing tools and the site's notices; contacts and segments, forms, popups and campaigns.
      route("dashboard/manage/marketing", "routes/dashboard/marketing.tsx"),
      route("dashboard/manage/marketing/emails", "routes/dashboard/marketing-emails.tsx"),
      route("dashboard/manage/marketing/forms", "routes/dashboard/marketing-forms.tsx"),
      route("dashboard/manage/marketing/popups", "routes/dashboard/marketing-popups.tsx"),
      route("dashboard/manage/marketing/automations", "routes/dashboard/marketing-automations.tsx"),
      route("dashboard/manage/marketing/funnels", "routes/dashboard/marketing-funnels.tsx"),
      // M5 affiliates: the owner's programme, partners and payouts; a member's own link and earnings.
      route("dashboard/manage/marketing/affiliates", "routes/dashboard/marketing-affiliates.tsx"),
      route("dashboard/affiliate", "routes/dashboard/affiliate.tsx"),
      route("dashboard/manage/ecommerce/product/:id", "routes/dashboard/ecommerce-product.tsx"),
      route("dashboard/manage/ecommerce/memberships", "routes/dashboard/ecommerce-memberships.tsx"),
      route("dashboard/manage/elearning", "routes/dashboard/elearning.tsx"),
      route("dashboard/manage/elearning/caetgory", "routes/dashboard/elearning-categories.tsx"),
      route("dashboard/instructor/quizzes", "routes/dashboard/quizzes.tsx"),
      route("dashboard/instructor/quizzes/:quizId", "routes/dashboard/quiz-editor.tsx"),
      route("dashboard/instructor/grading", "routes/dashboard/grading.tsx"),
      route("dashboard/quiz/:quizId", "routes/dashboard/quiz.tsx"),
      // A course's reports (issue 15 scope 5): its gradebook and stats, tabs of the course.
      route("dashboard/course/:id/gradebook", "routes/dashboard/course-gradebook.tsx"),
      route("dashboard/course/:id/stats", "routes/dashboard/course-stats.tsx"),
      // Certificates (issue 15 scope 6): a member's own, and the owner's template.
      route("dashboard/certificates", "routes/dashboard/certificates.tsx"),
      // Issue 35 the owner's Members screen: the list, and one member's page (`?id={userId}`).
      route("dashboard/manage/users", "routes/dashboard/manage-users.tsx"),
      // Issue 36 appointments (decision 075): the host's hours, types and preview.
      route("dashboard/manage/appointments", "routes/dashboard/manage-appointments.tsx"),
      // Issue 36 (decision 076): a member's bookings; a host's sessions, calendar and hours.
      route("dashboard/bookings", "routes/dashboard/bookings.tsx"),
      route("dashboard/meetings", "routes/dashboard/meetings.tsx"),
      route("dashboard/appointments", "routes/dashboard/appointments.tsx"),
      route("dashboard/manage/user", "routes/dashboard/manage-user.tsx"),
      // Issue 35 groups (decision 064): the groups a member may see, and a group's page and feed.
      route("dashboard/groups", "routes/dashboard/groups.tsx"),
      route("dashboard/groups/:slug", "routes/dashboard/group.tsx"),
      // Issue 35 messages (decision 065): conversations between members, live.
      route("dashboard/messages", "routes/dashboard/messages.tsx"),
      // Issue 35 activity (decision 067): the site's feed and one's own.
      route("dashboard/activity", "routes/dashboard/activity.tsx"),
      // Issue 35 leaderboards (decision 066): the site's and each group's.
      route("dashboard/leaderboard", "routes/dashboard/leaderboard.tsx"),
      // Issue 35 member profiles (decision 070).
      route("dashboard/members/:slug", "routes/dashboard/member-profile.tsx"),
      route("dashboard/manage/elearning/certificates", "routes/dashboard/certificate-template.tsx"),
      // Orders (issue 16 scope 6): a member's orders and subscriptions, or the shop's for managers.
      route("dashboard/orders", "routes/dashboard/orders.tsx"),
      route("dashboard/billing", "routes/dashboard/billing.tsx"),
      route("dashboard/billing/products", "routes/dashboard/billing-products.tsx"),
      ...["customers", "subscriptions", "orders"].map((tab) =>
        route(`dashboard/billing/${tab}`, "routes/dashboard/billing-shop.tsx", {
          id: `dashboard-billing-${tab}`,
        }),
      ),
      // Issue 17 scopes 3–4: the owner's app settings, launch checklist and add-ons.
      route("dashboard/app", "routes/dashboard/site-app.tsx"),
      route("dashboard/setup", "routes/dashboard/site-setup.tsx"),
      route("dashboard/addons", "routes/dashboard/site-addons.tsx"),
      // Issue 37: the owner's export of the whole site (decision 081).
      route("dashboard/export", "routes/dashboard/site-export.tsx"),
      // Reports (issue 17 scope 5): the owner's figures over a period, charts and CSV.
      route("dashboard/reports", "routes/dashboard/reports.tsx"),
      // Support tickets (issue 17 scope 6): the owner's, or the platform's queue; a thread.
      route("dashboard/tickets", "routes/dashboard/tickets.tsx"),
      route("dashboard/tickets/:id", "routes/dashboard/ticket.tsx"),
      // M8 the platform console (super-admins): the sites, their owners, the audit log.
      route("dashboard/accounts", "routes/dashboard/console-accounts.tsx"),
      route("dashboard/accounts/owners", "routes/dashboard/console-owners.tsx"),
      route("dashboard/accounts/audit", "routes/dashboard/console-audit.tsx"),
      // Screens of the menus still to be built: an empty state behind their final check.
      ...dashboardSections
        .filter((section) => !section.screen)
        .map((section) =>
          route(`dashboard/${section.path}`, "routes/dashboard/section.tsx", {
            id: `dashboard-section-${section.id}`,
          }),
        ),
    ]),
    route("blog", "routes/site/blog.tsx"),
    // The blog's feeds and each archive's: static last segments rank before `blog/:slug`.
    ...(["rss", "atom"] as const).flatMap((format) => [
      route(`blog/${format}.xml`, "routes/site/blog-feed.ts", { id: `blog-feed-${format}` }),
      route(`blog/category/:slug/${format}.xml`, "routes/site/blog-feed.ts", {
        id: `blog-category-feed-${format}`,
      }),
      route(`blog/tag/:slug/${format}.xml`, "routes/site/blog-feed.ts", {
        id: `blog-tag-feed-${format}`,
      }),
    ]),
    // Three segments: ranked apart from `blog/:slug`, so a post may even be called "category".
    route("blog/category/:slug", "routes/site/blog-archive.tsx", { id: "blog-category" }),
    route("blog/tag/:slug", "routes/site/blog-archive.tsx", { id: "blog-tag" }),
    route("blog/:slug", "routes/site/blog-post.tsx"),
    route("course", "routes/site/courses.tsx"),
    route("course/:slug", "routes/site/course.tsx"),
    route("course/:slug/learn/:lessonId?", "routes/site/course-learn.tsx"),
    // The public verification of a certificate (anyone; noindex).
    route("certificates/:code", "routes/site/certificate.tsx"),
    // Issue 35: a member's public profile, where the site and the member allow it (decision 071).
    route("members/:slug", "routes/site/member.tsx"),
    // Issue 36: an appointment type's booking page (decision 076).
    route("book", "routes/site/book-index.tsx"),
    route("book/:slug", "routes/site/book.tsx"),
    // Issue 16: a product's public page (two segments: never an account's page or /product).
    route("product/:slug", "routes/site/product.tsx"),
    route("checkout", "routes/site/checkout.tsx"),
    // Issue 34: a funnel's step (decision 063); without a step, its first.
    route("f/:funnelSlug/:stepSlug?", "routes/site/funnel-step.tsx"),
    route("docs", "routes/site/docs.tsx"),
    route("docs/:slug", "routes/site/doc.tsx"),
    route("thankyou", "routes/site/thank-you.tsx"),
    route("subscribed", "routes/site/subscribed.tsx"),
    // M5: a campaign reader's page from the mail's signed links (one module, two ids).
    route(
      "email/unsubscribe/:campaignId/:contactId/:signature",
      "routes/site/email-preferences.tsx",
      { id: "email-unsubscribe" },
    ),
    route(
      "email/preferences/:campaignId/:contactId/:signature",
      "routes/site/email-preferences.tsx",
      { id: "email-preferences" },
    ),
    // M5: a form on its own page; its answers are posted here too (from blocks and popups).
    route("form/:slug", "routes/site/form.tsx"),
    // Issue 37: a post's or course's drawn social card, `{slug}.png` (features/site/seo.ts).
    route("social/:kind/:file", "routes/site/social-card.ts"),
    route(":pageSlug", "routes/site/page.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
