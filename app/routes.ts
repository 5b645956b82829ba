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
  layout("routes/host-layout.tsx", [
    index("routes/home.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("login/reset-password", "routes/auth/reset-password.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    layout("routes/dashboard/layout.tsx", [
      route("dashboard", "routes/dashboard/home.tsx"),
      route("dashboard/profile", "routes/dashboard/profile.tsx"),
      route("dashboard/maintenance/outbox", "routes/dashboard/outbox.tsx"),
      route("dashboard/notifications", "routes/dashboard/notifications.tsx"),
      // D16 site settings and their editors (their access rules stay in the sections registry).
      route("dashboard/manage/site", "routes/dashboard/site-index.tsx"),
      route("dashboard/manage/site/theme", "routes/dashboard/site-theme.tsx"),
      route("dashboard/manage/site/header", "routes/dashboard/site-header.tsx"),
      route("dashboard/manage/site/footer", "routes/dashboard/site-footer.tsx"),
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
      route("dashboard/manage/elearning/certificates", "routes/dashboard/certificate-template.tsx"),
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
    // Three segments: ranked apart from `blog/:slug`, so a post may even be called "category".
    route("blog/category/:slug", "routes/site/blog-archive.tsx", { id: "blog-category" }),
    route("blog/tag/:slug", "routes/site/blog-archive.tsx", { id: "blog-tag" }),
    route("blog/:slug", "routes/site/blog-post.tsx"),
    route("course", "routes/site/courses.tsx"),
    route("course/:slug", "routes/site/course.tsx"),
    route("course/:slug/learn/:lessonId?", "routes/site/course-learn.tsx"),
    // The public verification of a certificate (anyone; noindex).
    route("certificates/:code", "routes/site/certificate.tsx"),
    route("checkout", "routes/site/checkout.tsx"),
    route("docs", "routes/site/docs.tsx"),
    route("docs/:slug", "routes/site/doc.tsx"),
    route("thankyou", "routes/site/thank-you.tsx"),
    route("subscribed", "routes/site/subscribed.tsx"),
    route(":pageSlug", "routes/site/page.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
