/**
 * Where the admin bar's "edit page" goes for a public path (spec §2, P17). The spec names an
 * editor per item (`/dashboard/pages/{slug}`, `/dashboard/posts/{slug}`, `/dashboard/course/{slug}`);
 * a post opens its editor, a page or doc its builder, each found by its address; the others,
 * until their editors have routes, open the list the item belongs to, so it never answers
 * 404. The spellings are the spec's, `caetgory` included, because the dashboard's
 * sections are named so.
 */
export function editTargetFor(pathname: string): string {
  const [first, second] = pathname.split("/").filter(Boolean);
  // A post's own editor, found by its address; the blog itself opens the list.
  if (first === "blog") return second ? `/dashboard/posts/${second}` : "/dashboard/posts/";
  if (first === "course") {
    return second === "category" ? "/dashboard/manage/elearning/caetgory" : "/dashboard/course/";
  }
  if (first === "members") return "/dashboard/manage/user";
  if (first === "docs") return second ? `/dashboard/pages/${second}` : "/dashboard/pages?kind=doc";
  // A page of the site at /{slug}: its builder; the home page and the rest: the pages list.
  if (first && !second && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(first))
    return `/dashboard/pages/${first}`;
  return "/dashboard/pages";
}

/** The admin bar's fixed destinations. */
export const adminTargets = {
  theme: "/dashboard/manage/site/theme",
  header: "/dashboard/manage/site/header",
  footer: "/dashboard/manage/site/footer",
} as const;
