import { redirect } from "react-router";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { editorAddressOfPost } from "~/features/posts/posts.server";
import type { Route } from "./+types/post-by-address";

/** `/dashboard/posts/{slug}`: the admin bar's "edit page" on `/blog/{slug}` opens that post's editor. */
export async function loader(args: Route.LoaderArgs) {
  const to = await loadDashboardScreen(args, [], async (database, request) => {
    await openDashboardSection(database, { ...request, pathname: "/dashboard/posts" });
    return {
      to: await editorAddressOfPost(database, {
        accountId: request.account.accountId,
        viewer: request.viewer,
        slug: args.params.slug,
      }),
    };
  });
  return redirect(to.to);
}
