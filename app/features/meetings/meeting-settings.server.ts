// Issue 36 a site's meeting server (decision 077): the public meet.jit.si until a manager names
// their own Jitsi Meet server or a JaaS account; the secret that signs the rooms' tokens is
// sealed (platform/secret-box) and never shown again.
import { eq } from "drizzle-orm";
import { can, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { SecretBox } from "~/platform/secret-box.server";
import { meetingSettingsSchema, type MeetingSettingsView } from "./meeting-shapes";
import type { RoomServer } from "./room-address.server";
import { meetingSettings } from "./tables.server";

const sealContext = (accountId: string) => `meetings:${accountId}:secret`;

function requireManager(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!can(viewer, "manage_options")) throw new AppError({ code: "auth.forbidden" });
  return viewer;
}

async function storedRow(tx: Tx, accountId: string) {
  const [row] = await tx
    .select()
    .from(meetingSettings)
    .where(eq(meetingSettings.accountId, accountId));
  return row;
}

/** The server a room of the site is held on, its secret opened (public when none is set). */
export async function roomServerIn(
  tx: Tx,
  { accountId, secretBox }: { accountId: string; secretBox: SecretBox },
): Promise<RoomServer> {
  const row = await storedRow(tx, accountId);
  if (!row) return { provider: "public", domain: "", appId: "", keyId: "", secret: "" };
  return {
    provider: row.provider,
    domain: row.domain,
    appId: row.appId,
    keyId: row.keyId,
    secret: row.secretSealed ? secretBox.open(row.secretSealed, sealContext(accountId)) : "",
  };
}

/** Where the site's rooms are held (the public server until a manager names another). */
export async function meetingProvider(database: Database, accountId: string) {
  const row = await database.forAccount(accountId, (tx) => storedRow(tx, accountId));
  return row?.provider ?? "public";
}

/** The settings for the managers' card: the secret only as "one is kept". */
export async function loadMeetingSettings(
  database: Database,
  { accountId, viewer }: { accountId: string; viewer: Viewer | null },
): Promise<MeetingSettingsView> {
  requireManager(viewer);
  const row = await database.forAccount(accountId, (tx) => storedRow(tx, accountId));
  return {
    provider: row?.provider ?? "public",
    domain: row?.domain ?? "",
    appId: row?.appId ?? "",
    keyId: row?.keyId ?? "",
    hasSecret: Boolean(row?.secretSealed),
  };
}

/**
 * Saves the site's meeting server (managers). JaaS needs its tenant, key id and private key (a
 * PEM the server can sign with); an own server needs its host name (a secret only where it
 * checks tokens). Else `meetings.settingsIncomplete`.
 */
export async function saveMeetingSettings(
  { database, secretBox }: { database: Database; secretBox: SecretBox },
  { accountId, viewer, body }: { accountId: string; viewer: Viewer | null; body: unknown },
): Promise<MeetingSettingsView> {
  requireManager(viewer);
  const input = meetingSettingsSchema.parse(body);
  if (input.provider === "jaas" && input.secret && !/BEGIN (?:RSA )?PRIVATE KEY/.test(input.secret))
    throw new AppError({ code: "meetings.settingsIncomplete" });
  await database.forAccount(accountId, async (tx) => {
    const stored = await storedRow(tx, accountId);
    // A changed provider does not carry the other one's secret over.
    const keep = stored && stored.provider === input.provider ? stored.secretSealed : null;
    const secretSealed = input.secret ? secretBox.seal(input.secret, sealContext(accountId)) : keep;
    const ready =
      input.provider === "public" ||
      (input.provider === "jitsi" &&
        input.domain !== "" &&
        (!secretSealed || input.appId !== "")) ||
      (input.provider === "jaas" && input.appId !== "" && input.keyId !== "" && secretSealed);
    if (!ready) throw new AppError({ code: "meetings.settingsIncomplete" });
    const values = {
      provider: input.provider,
      domain: input.provider === "jitsi" ? input.domain : "",
      appId: input.provider === "public" ? "" : input.appId,
      keyId: input.provider === "jaas" ? input.keyId : "",
      secretSealed: input.provider === "public" ? null : secretSealed,
      updatedAt: new Date(),
    };
    await tx
      .insert(meetingSettings)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: meetingSettings.accountId, set: values });
  });
  return loadMeetingSettings(database, { accountId, viewer });
}
