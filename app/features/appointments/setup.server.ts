// Issue 36 the host's setup screen (/dashboard/manage/appointments): their hours and rules,
// their appointment types, and a preview of the open times those give, in their own zone.
import { z } from "zod";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { productPriceChoices } from "~/features/products/products.server";
import type { AppointmentTypeRow, SellingProduct, SlotPreview } from "./appointment-shapes";
import { defaultAvailability, isTimeZone, type Availability } from "./availability";
import {
  createAppointmentType,
  listOwnTypes,
  setTypeActive,
  setTypeProduct,
} from "./appointment-types.server";
import { loadAvailability, loadSlots, saveAvailability } from "./bookings.server";
import { slotsByDay } from "./slots";

const DAY = 24 * 60 * 60 * 1000;
/** The preview's reach: the next week. */
const PREVIEW_DAYS = 7;

export type AppointmentsSetup = {
  availability: Availability;
  /** Whether the hours shown are stored, or a first suggestion (09:00–17:00 in the site's zone). */
  saved: boolean;
  types: AppointmentTypeRow[];
  preview: SlotPreview | null;
  /** The shop's published products a type may be sold by (decision 078). */
  products: SellingProduct[];
};

export async function loadAppointmentsSetup(
  database: Database,
  {
    accountId,
    viewer,
    siteZone,
    now = Date.now(),
  }: { accountId: string; viewer: Viewer; siteZone?: string; now?: number },
): Promise<AppointmentsSetup> {
  const rows = await listOwnTypes(database, { accountId, viewer });
  const stored = await loadAvailability(database, { accountId, userId: viewer.user.id });
  const availability =
    stored ?? defaultAvailability(siteZone && isTimeZone(siteZone) ? siteZone : "UTC");
  const types = rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    durationMinutes: row.durationMinutes,
    capacity: row.capacity,
    locationKind: row.locationKind,
    locationDetail: row.locationDetail,
    active: row.active,
    questions: row.questions,
    productId: row.productId,
  }));
  const first = types.find((type) => type.active);
  const preview =
    stored && first
      ? {
          typeId: first.id,
          days: slotsByDay(
            await loadSlots(database, {
              accountId,
              now,
              query: {
                typeId: first.id,
                from: new Date(now).toISOString(),
                to: new Date(now + PREVIEW_DAYS * DAY).toISOString(),
              },
            }),
            availability.zone,
          ).map((day) => ({ date: day.date, times: day.slots.map((slot) => slot.time) })),
        }
      : null;
  const products = (await productPriceChoices(database, { accountId })).map((product) => ({
    id: product.id,
    title: product.title,
    price: product.prices[0] ?? null,
  }));
  return { availability, saved: stored !== null, types, preview, products };
}

const commandSchema = z.object({
  intent: z.enum(["availability", "createType", "setTypeActive", "setTypeProduct"]),
});

/** The screen's commands (one JSON body naming its `intent`). */
export async function commandAppointmentsSetup(
  database: Database,
  { accountId, viewer, body }: { accountId: string; viewer: Viewer; body: unknown },
): Promise<{ ok: true; intent: string }> {
  const { intent } = commandSchema.parse(body);
  const { intent: _, ...rest } = body as Record<string, unknown>;
  const place = { accountId, viewer, body: rest };
  if (intent === "availability") await saveAvailability(database, place);
  else if (intent === "createType") await createAppointmentType(database, place);
  else if (intent === "setTypeProduct") await setTypeProduct(database, place);
  else await setTypeActive(database, place);
  return { ok: true, intent };
}
