// Issue 36 paid types (decision 078): what a type costs is its shop product's price, as the
// public booking page shows it and as the checkout of a held booking puts it in the cart.
import { and, eq } from "drizzle-orm";
import type { Viewer } from "~/features/members/members.server";
import { cartItemOf } from "~/features/products/products";
import { offeredProducts } from "~/features/products/products.server";
import type { Database } from "~/platform/db/database.server";
import type { HeldBooking, TypeOffer } from "./appointment-shapes";
import { bookingWithPeople } from "./booking-people.server";
import { bookings } from "./tables.server";

/** A type's product as sold now (published, priced in `currency` or its first price), or null. */
export async function typeOffer(
  database: Database,
  { accountId, productId, currency }: { accountId: string; productId: string; currency: string },
): Promise<TypeOffer | null> {
  const [product] = await offeredProducts(database, {
    accountId,
    offers: [{ productId, priceId: null }],
    currency,
  });
  return product ? { price: product.price, item: cartItemOf(product, product.price) } : null;
}

/**
 * The viewer's own unpaid hold, as the checkout shows it and fills its cart from; null for any
 * other booking (someone else's, confirmed, expired) or a type no longer sold.
 */
export async function heldBooking(
  database: Database,
  {
    accountId,
    viewer,
    bookingId,
    currency,
  }: { accountId: string; viewer: Viewer; bookingId: string; currency: string },
): Promise<HeldBooking | null> {
  const found = await database.forAccount(accountId, async (tx) => {
    const [mine] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.accountId, accountId),
          eq(bookings.id, bookingId),
          eq(bookings.bookerUserId, viewer.user.id),
          eq(bookings.status, "pending"),
        ),
      );
    return mine ? bookingWithPeople(tx, accountId, bookingId) : undefined;
  });
  // Paid for with the product it was held for (the type may be sold by another one since).
  if (!found?.booking.productId) return null;
  const offer = await typeOffer(database, {
    accountId,
    productId: found.booking.productId,
    currency,
  });
  if (!offer) return null;
  return {
    id: found.booking.id,
    title: found.type.title,
    hostName: found.host.name,
    start: found.booking.startAt.toISOString(),
    zone: found.booking.bookerZone,
    holdUntil: found.booking.holdUntil?.toISOString() ?? null,
    reference: `booking:${found.booking.id}`,
    offer,
  };
}
