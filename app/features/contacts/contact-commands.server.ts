import { z } from "zod";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { importContacts, importSchema, previewImport } from "./contact-import.server";
import { bulkTag, deleteContacts, saveContact } from "./contact-edits.server";
import { deleteSegment, previewSegment, saveSegment } from "./segments.server";

const commandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("saveContact"), id: z.uuid().nullable(), contact: z.unknown() }),
  z.object({ intent: z.literal("deleteContacts"), ids: z.array(z.uuid()).min(1).max(1000) }),
  z.object({ intent: z.enum(["addTags", "removeTags"]), ids: z.unknown(), tags: z.unknown() }),
  z.object({ intent: z.enum(["previewImport", "import"]), csv: z.unknown() }).loose(),
  z.object({ intent: z.literal("saveSegment"), id: z.uuid().nullable(), segment: z.unknown() }),
  z.object({ intent: z.literal("deleteSegment"), id: z.uuid() }),
  z.object({ intent: z.literal("previewSegment"), rules: z.unknown() }),
]);

/**
 * M5 the contacts screen's action: one JSON body, its `intent` naming what the owner does.
 * Every answer is `{ ok, … }`; a mistake the owner can correct comes back as field issues.
 */
export async function commandContacts(
  database: Database,
  {
    accountId,
    viewer,
    timeZone,
    body,
  }: { accountId: string; viewer: Viewer | null; timeZone: string; body: unknown },
) {
  const parsed = commandSchema.safeParse(body);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const command = parsed.data;
  const place = { accountId, viewer };
  switch (command.intent) {
    case "saveContact":
      return saveContact(database, { ...place, id: command.id, input: command.contact });
    case "deleteContacts":
      return {
        ok: true as const,
        ...(await deleteContacts(database, { ...place, ids: command.ids })),
      };
    case "addTags":
    case "removeTags":
      return { ok: true as const, ...(await bulkTag(database, { ...place, input: command })) };
    case "previewImport":
    case "import": {
      const input = importSchema.safeParse(command);
      if (!input.success) throw new AppError({ code: "request.invalid" });
      return command.intent === "import"
        ? importContacts(database, { ...place, input: input.data })
        : previewImport(viewer, input.data);
    }
    case "saveSegment":
      return saveSegment(database, { ...place, id: command.id, input: command.segment });
    case "deleteSegment":
      await deleteSegment(database, { ...place, id: command.id });
      return { ok: true as const };
    case "previewSegment":
      return {
        ok: true as const,
        count: await previewSegment(database, { ...place, rules: command.rules, timeZone }),
      };
  }
}
