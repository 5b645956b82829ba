// Issue 36 the meetings screen's data and commands (decision 077).
import { z } from "zod";
import { groupsWithRights } from "~/features/groups/groups.server";
import { can, type Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import type { SecretBox } from "~/platform/secret-box.server";
import {
  loadMeetingSettings,
  meetingProvider,
  saveMeetingSettings,
} from "./meeting-settings.server";
import { viewerCourses } from "./course-rooms.server";
import { listMeetings, openAdhocRoom } from "./rooms.server";

/**
 * The screen's data: the rooms the viewer may enter, whether they open rooms (hosts, and the
 * groups they moderate), and for managers the meeting server's settings.
 */
export async function loadMeetingsScreen(
  database: Database,
  {
    accountId,
    viewer,
    siteZone,
    groupsOn,
    now = Date.now(),
  }: { accountId: string; viewer: Viewer; siteZone: string; groupsOn: boolean; now?: number },
) {
  const manager = can(viewer, "manage_options");
  const settings = manager ? await loadMeetingSettings(database, { accountId, viewer }) : null;
  // The groups whose moderators may open a room for them (the site's groups feature on).
  const hostGroups = groupsOn
    ? (await database.forAccount(accountId, (tx) => groupsWithRights(tx, { accountId, viewer })))
        .filter((group) => group.rights.moderate)
        .map(({ id, name }) => ({ id, name }))
    : [];
  // The courses whose live sessions the viewer opens (those they teach).
  const hostCourses = [
    ...(
      await database.forAccount(accountId, (tx) =>
        viewerCourses(tx, { accountId, viewer, now: new Date(now) }),
      )
    ).entries(),
  ]
    .filter(([, course]) => course.moderate)
    .map(([id, course]) => ({ id, title: course.title }));
  return {
    now,
    hostGroups,
    hostCourses,
    siteZone,
    meetings: await listMeetings(database, { accountId, viewer, now }),
    canHost: manager || can(viewer, "create_courses"),
    settings,
    publicServer: (await meetingProvider(database, accountId)) === "public",
  };
}

const commandSchema = z.object({ intent: z.enum(["open", "settings"]) });

/** The screen's commands: a room opened now (hosts), the meeting server (managers). */
export async function commandMeetingsScreen(
  { database, secretBox }: { database: Database; secretBox: SecretBox },
  { accountId, viewer, body }: { accountId: string; viewer: Viewer; body: unknown },
): Promise<{ ok: true; intent: string }> {
  const { intent } = commandSchema.parse(body);
  const { intent: _, ...rest } = body as Record<string, unknown>;
  if (intent === "open") await openAdhocRoom(database, { accountId, viewer, body: rest });
  else await saveMeetingSettings({ database, secretBox }, { accountId, viewer, body: rest });
  return { ok: true, intent };
}
