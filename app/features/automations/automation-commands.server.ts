import { z } from "zod";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { dryRun } from "./automation-dry-run.server";
import {
  deleteAutomation,
  moveAutomation,
  publishAutomation,
  saveAutomation,
} from "./automation-records.server";

const email = z.string().trim().max(320);

const commandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), id: z.uuid().nullable(), automation: z.unknown() }),
  z.object({ intent: z.literal("publish"), id: z.uuid() }),
  z.object({ intent: z.enum(["pause", "resume", "stop"]), id: z.uuid() }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
  z.object({ intent: z.literal("dryRun"), id: z.uuid(), email }),
]);

/**
 * M5 the automations screen's action: one JSON body naming its `intent`. A draft is saved as
 * it is (field issues answered, nothing saved); publishing checks it again.
 */
export async function commandAutomations(
  database: Database,
  {
    accountId,
    viewer,
    body,
    linkOrigin,
  }: { accountId: string; viewer: Viewer | null; body: unknown; linkOrigin: string },
) {
  const parsed = commandSchema.safeParse(body);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const command = parsed.data;
  const place = { accountId, viewer };
  switch (command.intent) {
    case "save":
      return saveAutomation(database, { ...place, id: command.id, input: command.automation });
    case "publish":
      return publishAutomation(database, { ...place, id: command.id, linkOrigin });
    case "pause":
    case "resume":
    case "stop":
      return moveAutomation(database, { ...place, id: command.id, move: command.intent });
    case "delete":
      return deleteAutomation(database, { ...place, id: command.id });
    case "dryRun":
      return {
        ok: true as const,
        id: command.id,
        dryRun: await dryRun(database, { ...place, id: command.id, email: command.email }),
      };
  }
}
