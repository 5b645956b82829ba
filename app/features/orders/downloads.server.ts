// Files sold as downloads: the access engine asks `ownsDownload` (a paid order of a product
// granting the file), and `downloadResponse` hands the file over as an attachment to whoever
// may open it — to nobody else, whatever the file's id.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { media } from "~/features/media/tables.server";
import { accountBucket, type Viewer } from "~/features/members/members.server";
import { canAccess, type DownloadCheck } from "~/features/memberships/memberships.server";
import { productGrants } from "~/features/products/tables.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { privateDownload } from "~/platform/storage/attachment";
import type { Storage } from "~/platform/storage/storage.server";
import { orderItems, orders } from "./tables.server";

/** A download opens through the person's own paid or fulfilled order of a product granting it. */
export const ownsDownload: DownloadCheck = async (tx, { accountId, userId, mediaId }) => {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(
      orderItems,
      and(eq(orderItems.accountId, orders.accountId), eq(orderItems.orderId, orders.id)),
    )
    .innerJoin(
      productGrants,
      and(
        eq(productGrants.accountId, orderItems.accountId),
        eq(productGrants.productId, orderItems.productId),
      ),
    )
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.userId, userId),
        inArray(orders.status, ["paid", "fulfilled"]),
        isNull(orders.renewalOf),
        eq(productGrants.target, "download"),
        eq(productGrants.targetId, mediaId),
      ),
    )
    .limit(1);
  return Boolean(row);
};

/** `GET /api/downloads/:mediaId`: the bought file, as an attachment, never cached. */
export async function downloadResponse(
  { database, storage }: { database: Database; storage: Storage },
  { accountId, viewer, mediaId }: { accountId: string; viewer: Viewer | null; mediaId: string },
): Promise<Response> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const file = await database.forAccount(accountId, async (tx) => {
    const open = await canAccess(tx, {
      accountId,
      userId: viewer.user.id,
      resource: { type: "download", id: mediaId },
      downloads: ownsDownload,
    });
    if (!open) return null;
    const [row] = await tx
      .select()
      .from(media)
      .where(and(eq(media.accountId, accountId), eq(media.id, mediaId)));
    return row ?? null;
  });
  // Not bought and not there answer alike: a file's id tells nobody whether it exists.
  if (!file?.storageKey) throw new AppError({ code: "route.notFound" });
  // Library files live in the account's bucket (the media feature's `mediaBucket`).
  const ref = { bucket: accountBucket(accountId), key: file.storageKey };
  return privateDownload(storage, ref, file);
}
