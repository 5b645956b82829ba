import { z } from "zod";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { deleteForm, deleteSubmissions, saveForm } from "./form-records.server";

const commandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("saveForm"), id: z.uuid().nullable(), form: z.unknown() }),
  z.object({ intent: z.literal("deleteForm"), id: z.uuid() }),
  z.object({
    intent: z.literal("deleteSubmissions"),
    formId: z.uuid(),
    ids: z.array(z.uuid()).min(1).max(1000),
  }),
]);

/**
 * M5 the forms screen's action: one JSON body, its `intent` naming what the owner does. Every
 * answer is `{ ok, … }`; a mistake the owner can correct comes back as field issues.
 */
export async function commandForms(
  database: Database,
  { accountId, viewer, body }: { accountId: string; viewer: Viewer | null; body: unknown },
) {
  const parsed = commandSchema.safeParse(body);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const command = parsed.data;
  const place = { accountId, viewer };
  switch (command.intent) {
    case "saveForm":
      return saveForm(database, { ...place, id: command.id, input: command.form });
    case "deleteForm":
      await deleteForm(database, { ...place, id: command.id });
      return { ok: true as const };
    case "deleteSubmissions":
      return {
        ok: true as const,
        ...(await deleteSubmissions(database, {
          ...place,
          formId: command.formId,
          ids: command.ids,
        })),
      };
  }
}
