import "@mantine/tiptap/styles.css";
import { Container } from "@mantine/core";
import { redirect, useLocation } from "react-router";
import { platformOrigin } from "~/features/accounts/accounts.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { editorScopeOf, PageEditor, scopeKind } from "~/features/pages/pages";
import {
  answerInPlace,
  checkPageEditor,
  checkPlaceKind,
  commandPage,
  comparePageRevisions,
  editorBlockData,
  editorPlaceOf,
  editorScreenPath,
  findPageIdBySlug,
  loadPageForEditor,
  savePage,
} from "~/features/pages/pages.server";
import { AppError } from "~/platform/errors";
import { defaultLanguage } from "~/platform/i18n/languages";
import { servicesContext } from "~/platform/request-context";
import { builderForms } from "~/features/forms/forms.server";
import { secretBoxContext } from "~/platform/secret-box.server";
import type { Route } from "./+types/page";

// Two addresses: /dashboard/pages/{ref} (the site's pages and docs) and /dashboard/docs/{ref}
// (the platform's own docs, super-admins only); the builder opens by its list's rule.
const saveIntents = new Set(["save", "autosave", "publish", "schedule", "unpublish"]);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `new`, a page's id, or (the admin bar's "edit page") its address. */
function pageRef(params: { ref?: string }): { id: string | null } | { slug: string } {
  const ref = params.ref ?? "new";
  if (ref === "new") return { id: null };
  if (uuid.test(ref)) return { id: ref };
  if (slug.test(ref) && ref.length <= 80) return { slug: ref };
  throw new AppError({ code: "route.notFound" });
}

export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["pagesEditor"], async (database, request) => {
    await openDashboardSection(database, {
      ...request,
      pathname: editorScreenPath(request.pathname),
    });
    const { scope, accountId, screenPath } = editorPlaceOf(request);
    const viewer = request.viewer;
    const ref = pageRef(args.params);
    if ("slug" in ref) {
      const id = await findPageIdBySlug(database, { accountId, viewer, slug: ref.slug });
      // An address with no page behind it (a fixed route such as /checkout): the list, searched.
      throw redirect(id ? `${screenPath}/${id}` : `${screenPath}?q=${ref.slug}`);
    }
    const url = new URL(args.request.url);
    const { lang, baseDomain } = args.context.get(servicesContext);
    const platform = scope === "platform";
    const siteUrl = platform ? platformOrigin({ baseDomain, like: url.origin }) : url.origin;
    const asked = url.searchParams.get("kind") === "doc" ? ("doc" as const) : ("page" as const);
    const only = scopeKind(scope);
    const kind = only ?? asked;
    const blockData = await editorBlockData(database, {
      accountId,
      lang,
      forms: await builderForms(
        { database, secretBox: args.context.get(secretBoxContext) },
        { accountId, lang, url },
      ),
    });
    // The platform's docs and pages are written in the platform's language, a site's in the site's.
    const contentLanguage = only ? defaultLanguage : lang;
    if (ref.id === null) {
      checkPageEditor(viewer);
      const languages = { siteLanguage: contentLanguage, translationOf: null, translations: [] };
      return {
        state: null,
        revisions: [],
        languages,
        siteUrl,
        kind,
        blockData,
        scope,
        compared: null,
      };
    }
    const found = await loadPageForEditor(database, {
      accountId,
      viewer,
      id: ref.id,
      siteLanguage: contentLanguage,
    });
    if (only && found.state.page.kind !== only) throw new AppError({ code: "route.notFound" });
    // ?compare=A&compare=B: two revisions as text, for the revisions panel's compare view.
    const ids = url.searchParams.getAll("compare");
    const editing = { accountId, viewer, id: ref.id };
    const compared =
      ids.length === 2
        ? await comparePageRevisions(database, { ...editing, revisionIds: [ids[0]!, ids[1]!] })
        : null;
    return { ...found, siteUrl, kind, blockData, scope, compared };
  });
}

/** M3 saves (draft, autosave, publish, schedule, unpublish) and commands, through one action. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, {
      ...request,
      pathname: editorScreenPath(request.pathname),
    });
    const place = editorPlaceOf(request);
    const ref = pageRef(args.params);
    if ("slug" in ref) throw new AppError({ code: "request.invalid" });
    const editing = {
      accountId: place.accountId,
      viewer: request.viewer,
      caches: request.caches,
    };
    const intent = (body as { intent?: unknown } | null)?.intent;
    if (typeof intent === "string" && saveIntents.has(intent)) {
      checkPlaceKind(place, body);
      return answerInPlace(
        place,
        await savePage(database, { ...editing, id: ref.id, input: body }),
      );
    }
    if (ref.id === null) throw new AppError({ code: "request.invalid" });
    // The platform's docs and pages are written in the platform's language, a site's in the site's.
    const siteLanguage = scopeKind(place.scope)
      ? defaultLanguage
      : args.context.get(servicesContext).lang;
    return answerInPlace(
      place,
      await commandPage(database, { ...editing, id: ref.id, input: body, siteLanguage }),
    );
  });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return editorScopeOf(location.pathname) === "platform"
    ? settingsMeta(matches, { titleKey: "pages.platform.title", fallback: "Platform docs" })
    : settingsMeta(matches, { titleKey: "pages.editor.metaTitle", fallback: "Page" });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  // A new page keeps its editor when its first save gives it an address.
  const kept = (useLocation().state as { editor?: string } | null)?.editor;
  return (
    <Container size="xl" py="md">
      <PageEditor
        key={kept ?? loaderData.state?.id ?? "new"}
        state={loaderData.state}
        revisions={loaderData.revisions}
        languages={loaderData.languages}
        siteUrl={loaderData.siteUrl}
        kind={loaderData.kind}
        blockData={loaderData.blockData}
        scope={loaderData.scope}
      />
    </Container>
  );
}
