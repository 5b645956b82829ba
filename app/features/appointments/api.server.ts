import { Hono, type Context } from "hono";
import type { Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import { accountHasFeature } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { JobQueue } from "~/platform/jobs/job-queue-types";
import { cancelBooking, rescheduleBooking } from "./booking-changes.server";
import { bookingInviteFile } from "./booking-lists.server";
import { bookSlot, loadSlots } from "./bookings.server";
import { holdCheckoutPath } from "./appointment-shapes";

type AppointmentsApiEnv = { Variables: { tenant: Tenant; viewer: Viewer | null } };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function jsonObject(c: Context<AppointmentsApiEnv>): Promise<unknown> {
  const body: unknown = await c.req.json().catch(() => {
    throw new AppError({ code: "request.invalid" });
  });
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new AppError({ code: "request.invalid" });
  return body;
}

/**
 * Issue 36 booking as plain JSON calls (decision 076), for the public booking page's island and
 * the members' and hosts' screens: a type's open slots (anyone), booking one, cancelling or
 * moving a booking, and its invitation as an .ics file (its booker, host or a manager). On a
 * site with the appointments feature; elsewhere not found.
 */
export function appointmentsApi({
  database,
  jobs,
}: {
  database: Database;
  jobs: Pick<JobQueue, "send">;
}) {
  const api = new Hono<AppointmentsApiEnv>();

  async function site(c: Context<AppointmentsApiEnv>) {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    if (!(await accountHasFeature(database, tenant.account, "appointments")))
      throw new AppError({ code: "route.notFound" });
    c.header("Cache-Control", "no-store");
    return tenant.account.accountId;
  }

  function bookingId(c: Context<AppointmentsApiEnv>) {
    const id = c.req.param("bookingId") ?? "";
    if (!uuid.test(id)) throw new AppError({ code: "appointments.notFound" });
    return id;
  }

  api.get("/appointments/types/:typeId/slots", async (c) => {
    const accountId = await site(c);
    const query = {
      typeId: c.req.param("typeId"),
      from: c.req.query("from"),
      to: c.req.query("to"),
    };
    return c.json({ slots: await loadSlots(database, { accountId, query }) });
  });

  api.post("/appointments/bookings", async (c) => {
    const accountId = await site(c);
    const body = await jsonObject(c);
    const booking = await bookSlot({ database, jobs }, { accountId, viewer: c.var.viewer, body });
    return c.json(
      {
        id: booking.id,
        start: booking.startAt,
        end: booking.endAt,
        status: booking.status,
        // A paid type's hold: the browser goes on to pay it (decision 078).
        ...(booking.status === "pending" ? { pay: holdCheckoutPath(booking.id) } : {}),
      },
      201,
    );
  });

  api.post("/appointments/bookings/:bookingId/cancel", async (c) => {
    const accountId = await site(c);
    await jsonObject(c);
    const booking = await cancelBooking(
      { database, jobs },
      { accountId, viewer: c.var.viewer, bookingId: bookingId(c) },
    );
    return c.json({ id: booking.id, status: booking.status });
  });

  api.post("/appointments/bookings/:bookingId/reschedule", async (c) => {
    const accountId = await site(c);
    const body = await jsonObject(c);
    const booking = await rescheduleBooking(
      { database, jobs },
      { accountId, viewer: c.var.viewer, bookingId: bookingId(c), body },
    );
    return c.json({ id: booking.id, start: booking.startAt, end: booking.endAt });
  });

  api.get("/appointments/bookings/:bookingId/invite.ics", async (c) => {
    const accountId = await site(c);
    const viewer = c.var.viewer;
    if (!viewer) throw new AppError({ code: "not_authenticated" });
    const text = await bookingInviteFile(database, {
      accountId,
      viewer,
      bookingId: bookingId(c),
      origin: new URL(c.req.url).origin,
    });
    c.header("Content-Type", "text/calendar; charset=utf-8");
    c.header("Content-Disposition", 'attachment; filename="booking.ics"');
    return c.body(text);
  });

  return api;
}
