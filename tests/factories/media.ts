import { media } from "~/features/media/tables.server";
import type { Database } from "~/platform/db/database.server";

/** One library file's row (no bytes in storage), for the isolation matrix. */
export async function createMediaRow(database: Database, { accountId }: { accountId: string }) {
  const id = crypto.randomUUID();
  await database.forAccount(accountId, (tx) =>
    tx.insert(media).values({
      accountId,
      id,
      kind: "image",
      mime: "image/png",
      originalName: "photo.png",
      sizeBytes: 1234,
      width: 10,
      height: 10,
      storageKey: `media/${id}/original.png`,
    }),
  );
  return { id };
}
