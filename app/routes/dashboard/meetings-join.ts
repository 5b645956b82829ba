import { redirect } from "react-router";
import { dashboardRequestOf, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { MEETINGS_PATH } from "~/features/meetings/meetings";
import { joinMeeting } from "~/features/meetings/meetings.server";
import { isAppError } from "~/platform/errors";
import { answerAppErrors } from "~/platform/http-errors";
import { servicesContext } from "~/platform/request-context";
import { secretBoxContext } from "~/platform/secret-box.server";
import type { Route } from "./+types/meetings-join";

/**
 * Issue 36 `/dashboard/meetings/join?room={id}` or `?booking={id}` (decision 077): a room's door.
 * Checks who and when, then sends the browser to the room on the site's meeting server with the
 * entrant's token; before its window, back to the meetings screen, which says when it opens.
 */
export async function loader(args: Route.LoaderArgs) {
  const { database, screen } = dashboardRequestOf(args);
  const { pubsub } = args.context.get(servicesContext);
  const secretBox = args.context.get(secretBoxContext);
  const params = new URL(args.request.url).searchParams;
  const room = params.get("room");
  const booking = params.get("booking");
  return answerAppErrors(async () => {
    const request = screen();
    await openDashboardSection(database, { ...request, pathname: MEETINGS_PATH });
    try {
      const { url } = await joinMeeting(
        { database, secretBox, pubsub },
        {
          accountId: request.account.accountId,
          viewer: request.viewer,
          ref: room ? { room } : { booking: booking ?? "" },
        },
      );
      return redirect(url, { headers: { "Cache-Control": "private, no-store" } });
    } catch (error) {
      if (isAppError(error) && error.code === "meetings.notOpen")
        return redirect(`${MEETINGS_PATH}?notice=notOpen`);
      throw error;
    }
  });
}
