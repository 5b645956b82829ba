import { z } from "zod";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { PostList, PostsTabs } from "~/features/posts/posts";
import { commandPost, listPostsForEditor } from "~/features/posts/posts.server";
import { AppError } from "~/platform/errors";
import type { Route } from "./+types/posts";

export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["postsEditor"], async (database, request) => {
    await openDashboardSection(database, request);
    return listPostsForEditor(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      search: new URL(args.request.url).searchParams,
    });
  });
}

const rowCommand = z.object({
  id: z.uuid(),
  intent: z.enum(["trash", "restore", "deleteForever"]),
});

/** M2 the list's row commands: to the trash, back, or deleted for good. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    const input = rowCommand.safeParse(body);
    if (!input.success) throw new AppError({ code: "request.invalid" });
    return commandPost(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      id: input.data.id,
      input: { intent: input.data.intent },
      caches: request.caches,
    });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "dashboard.sections.posts.title", fallback: "Posts" });
}

export default function Posts({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PostsTabs active="posts" />
      <PostList rows={loaderData.rows} total={loaderData.total} query={loaderData.query} />
    </>
  );
}
