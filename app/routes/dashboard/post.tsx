import "@mantine/tiptap/styles.css";
import "@mantine/dropzone/styles.css";
import { Container } from "@mantine/core";
import { useLocation } from "react-router";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { PostEditor } from "~/features/posts/posts";
import {
  checkPostAuthor,
  commandPost,
  comparePostRevisions,
  loadPostForEditor,
  savePost,
} from "~/features/posts/posts.server";
import { AppError } from "~/platform/errors";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/post";

/** Both the new post (/dashboard/post) and one post (/dashboard/post/{id}) open by one rule. */
const screenPath = "/dashboard/post";
const saveIntents = new Set(["save", "autosave", "publish", "schedule", "unpublish"]);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function postId(params: { id?: string }): string | null {
  // "/dashboard/post/" (the quick-create link) is the new post too.
  if (!params.id) return null;
  if (!uuid.test(params.id)) throw new AppError({ code: "route.notFound" });
  return params.id;
}

export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["postsEditor"], async (database, request) => {
    await openDashboardSection(database, { ...request, pathname: screenPath });
    const id = postId(args.params);
    const url = new URL(args.request.url);
    const siteUrl = url.origin;
    const siteLanguage = args.context.get(servicesContext).lang;
    if (id === null) {
      checkPostAuthor(request.viewer);
      const languages = { siteLanguage, translationOf: null, translations: [] };
      return { state: null, revisions: [], languages, siteUrl, compared: null };
    }
    const editing = { accountId: request.account.accountId, viewer: request.viewer, id };
    const found = await loadPostForEditor(database, { ...editing, siteLanguage });
    // ?compare=A&compare=B: two revisions as text, for the revisions panel's compare view.
    const ids = url.searchParams.getAll("compare");
    const compared =
      ids.length === 2
        ? await comparePostRevisions(database, { ...editing, revisionIds: [ids[0]!, ids[1]!] })
        : null;
    return { ...found, siteUrl, compared };
  });
}

/** M2 saves (draft, autosave, publish, schedule, unpublish) and commands, through one action. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, { ...request, pathname: screenPath });
    const id = postId(args.params);
    const editing = {
      accountId: request.account.accountId,
      viewer: request.viewer,
      caches: request.caches,
    };
    const intent = (body as { intent?: unknown } | null)?.intent;
    if (typeof intent === "string" && saveIntents.has(intent))
      return savePost(database, { ...editing, id, input: body });
    if (id === null) throw new AppError({ code: "request.invalid" });
    const siteLanguage = args.context.get(servicesContext).lang;
    return commandPost(database, { ...editing, id, input: body, siteLanguage });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "dashboard.sections.newPost.title", fallback: "Post" });
}

export default function Post({ loaderData }: Route.ComponentProps) {
  // A new post keeps its editor when its first save gives it an address; another post gets its own.
  const kept = (useLocation().state as { editor?: string } | null)?.editor;
  return (
    <Container size="xl" py="md">
      <PostEditor
        key={kept ?? loaderData.state?.id ?? "new"}
        state={loaderData.state}
        revisions={loaderData.revisions}
        languages={loaderData.languages}
        siteUrl={loaderData.siteUrl}
      />
    </Container>
  );
}
