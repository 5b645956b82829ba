// Issue 36 a host's appointment types (decisions 075, 078): made, opened or closed, and sold by
// a shop product or free; only their host changes them.
import { and, desc, eq } from "drizzle-orm";
import { products } from "~/features/products/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { appointmentTypeSchema, typeActiveSchema, typeProductSchema } from "./appointment-shapes";
import { requireHost, type Place } from "./bookings.server";
import { appointmentTypes } from "./tables.server";

/** A new appointment type hosted by the viewer; its address name is the site's only one. */
export async function createAppointmentType(database: Database, place: Place & { body: unknown }) {
  const host = requireHost(place);
  const input = appointmentTypeSchema.parse(place.body);
  const { accountId } = place;
  return database.forAccount(accountId, async (tx) => {
    const [taken] = await tx
      .select({ id: appointmentTypes.id })
      .from(appointmentTypes)
      .where(and(eq(appointmentTypes.accountId, accountId), eq(appointmentTypes.slug, input.slug)));
    if (taken) throw new AppError({ code: "appointments.slugTaken" });
    await requireProduct(tx, accountId, input.productId);
    const [row] = await tx
      .insert(appointmentTypes)
      .values({ ...input, accountId, hostUserId: host.user.id })
      .returning();
    return row!;
  });
}

/** A type is sold only by a product of its own site (a wrong id is the input's error). */
async function requireProduct(tx: Tx, accountId: string, productId: string | null) {
  if (!productId) return;
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.id, productId)));
  if (!product) throw new AppError({ code: "appointments.productNotFound" });
}

/** Sells one of the viewer's own types by a shop product from now on, or makes it free (null). */
export async function setTypeProduct(
  database: Database,
  place: Place & { body: unknown },
): Promise<void> {
  const host = requireHost(place);
  const { typeId, productId } = typeProductSchema.parse(place.body);
  const { accountId } = place;
  const changed = await database.forAccount(accountId, async (tx) => {
    await requireProduct(tx, accountId, productId);
    return tx
      .update(appointmentTypes)
      .set({ productId })
      .where(
        and(
          eq(appointmentTypes.accountId, accountId),
          eq(appointmentTypes.id, typeId),
          eq(appointmentTypes.hostUserId, host.user.id),
        ),
      )
      .returning({ id: appointmentTypes.id });
  });
  if (changed.length === 0) throw new AppError({ code: "appointments.notFound" });
}

/** The viewer's own appointment types, newest first (their setup screen). */
export async function listOwnTypes(database: Database, place: Place) {
  const host = requireHost(place);
  const { accountId } = place;
  return database.forAccount(accountId, (tx) =>
    tx
      .select()
      .from(appointmentTypes)
      .where(
        and(
          eq(appointmentTypes.accountId, accountId),
          eq(appointmentTypes.hostUserId, host.user.id),
        ),
      )
      .orderBy(desc(appointmentTypes.createdAt)),
  );
}

/** Opens or closes one of the viewer's own types for booking; its bookings stay as they are. */
export async function setTypeActive(
  database: Database,
  place: Place & { body: unknown },
): Promise<void> {
  const host = requireHost(place);
  const { typeId, active } = typeActiveSchema.parse(place.body);
  const { accountId } = place;
  const changed = await database.forAccount(accountId, (tx) =>
    tx
      .update(appointmentTypes)
      .set({ active })
      .where(
        and(
          eq(appointmentTypes.accountId, accountId),
          eq(appointmentTypes.id, typeId),
          eq(appointmentTypes.hostUserId, host.user.id),
        ),
      )
      .returning({ id: appointmentTypes.id }),
  );
  if (changed.length === 0) throw new AppError({ code: "appointments.notFound" });
}
