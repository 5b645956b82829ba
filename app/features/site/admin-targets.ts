/**
 * Where the admin bar's "edit page" goes for a public path (spec §2, P17); the spellings are the
 * spec's, `caetgory` included, because the dashboard's routes are named so.
 */
export function editTargetFor(pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  const [first, second] = segments;
  if (first === "blog") return second ? `/dashboard/posts/${second}` : "/dashboard/posts/";
  if (first === "course") {
    if (second === "category") return "/dashboard/manage/elearning/caetgory";
    return second ? `/dashboard/course/${second}` : "/dashboard/course/";
  }
  if (first === "members") return "/dashboard/manage/user";
  if (segments.length === 1) return `/dashboard/pages/${first}`;
  return "/dashboard/pages/";
}

/** The admin bar's fixed destinations. */
export const adminTargets = {
  theme: "/dashboard/manage/site/theme",
  header: "/dashboard/manage/site/header",
  footer: "/dashboard/manage/site/footer",
} as const;
