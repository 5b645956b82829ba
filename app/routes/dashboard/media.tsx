import "@mantine/dropzone/styles.css";
import { Loader } from "@mantine/core";
import { Suspense } from "react";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { BunnySettings, MediaLibraryScreen } from "~/features/media/media";
import { loadMediaScreen } from "~/features/media/media.server";
import type { Route } from "./+types/media";

/** `/dashboard/media` (one's own files) and `/dashboard/manage/media` (managers: all). */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["mediaLibrary"], async (database, request) => {
    const section = await openDashboardSection(database, request);
    return loadMediaScreen(database, {
      viewer: request.viewer,
      account: request.account,
      scope: section.id === "manageMedia" ? "all" : "own",
    });
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const all = loaderData?.scope === "all";
  return settingsMeta(matches, {
    titleKey: all ? "dashboard.sections.manageMedia.title" : "dashboard.sections.media.title",
    fallback: "Media",
  });
}

export default function Media({ loaderData }: Route.ComponentProps) {
  return (
    <Suspense fallback={<Loader />}>
      <MediaLibraryScreen scope={loaderData.scope} initial={loaderData.library}>
        {loaderData.bunny !== null ? <BunnySettings initial={loaderData.bunny} /> : null}
      </MediaLibraryScreen>
    </Suspense>
  );
}
