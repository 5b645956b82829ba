import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { CommentModeration } from "~/features/comments/comments";
import {
  loadCommentQueue,
  moderateComment,
  saveCommentSettings,
} from "~/features/comments/comments.server";
import { PostsTabs } from "~/features/posts/posts";
import { siteCacheContext } from "~/features/site/site.server";
import type { Route } from "./+types/post-comments";

/** A tab of the posts screen: it opens by that screen's rule (managers and post writers). */
const screenPath = "/dashboard/posts";

export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["postsEditor"], async (database, request) => {
    await openDashboardSection(database, { ...request, pathname: screenPath });
    return loadCommentQueue(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      search: new URL(args.request.url).searchParams,
    });
  });
}

/** V2 moderation (approve, spam, delete) and the site's hold setting: managers only. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, input) => {
    await openDashboardSection(database, { ...request, pathname: screenPath });
    const editing = { accountId: request.account.accountId, viewer: request.viewer, input };
    if (input && typeof input === "object" && "part" in input)
      return saveCommentSettings(database, { ...editing, caches: request.caches });
    return moderateComment(database, { ...editing, caches: args.context.get(siteCacheContext) });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "posts.comments.title", fallback: "Comments" });
}

export default function PostComments({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PostsTabs active="comments" />
      <CommentModeration {...loaderData} />
    </>
  );
}
