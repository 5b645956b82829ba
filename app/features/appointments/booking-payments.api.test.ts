// Issue 36 paid sessions (decision 078), over HTTP as people pay: a type sold by a shop product
// is booked as a hold (pending, its time taken), paid through the site's checkout by bank
// transfer with the hold named on the order, and confirmed when the owner confirms the transfer
// (the order's paid event reaches appointments); 20 holds of one slot at once: one. A hold nobody
// pays expires and its slot opens; a transfer confirmed after that takes the slot again if it
// is free, else is refunded; a booker's cancellation of a paid session refunds it through
// commerce; the shop's refund cancels the session; an abandoned checkout lets the hold go; an
// order naming someone else's hold, or another product, confirms nothing.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, vi } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { expireUnpaidOrders } from "~/features/orders/orders.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { productPrices, products } from "~/features/products/tables.server";
import { viewerWith } from "../../../tests/factories";
import { startCommerceRig, type CommerceRig } from "../../../tests/support/commerce-rig";
import { backends, logicTestOn } from "../../../tests/support/test-database";
import { appointmentsApiPaths, HOLD_MINUTES } from "./appointment-shapes";
import {
  createAppointmentType,
  expireHolds,
  heldBooking,
  saveAvailability,
} from "./appointments.server";
import { defaultAvailability } from "./availability";
import { appointmentTypes, bookings } from "./tables.server";

const DAY = 24 * 60 * 60 * 1000;
type Signed = Awaited<ReturnType<CommerceRig["signedIn"]>>;

describe.each(backends)("Issue 36 paid sessions on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let rig: CommerceRig;
  let typeId = "";
  let productId = "";
  let otherProductId = "";
  let slots: string[] = [];
  let slotIndex = 0;

  beforeAll(async () => {
    rig = await startCommerceRig(backend);
    const { accountId } = rig;
    await upsertPlanCatalogue(rig.db.database);
    await rig.db.database.owner.execute(
      sql`update accounts set settings = settings || '{"plan":"professional","features":["lms","appointments"]}'::jsonb where account_id = ${accountId}`,
    );
    await rig.services.siteCache.invalidateAccount(accountId);
    const owner: Viewer = {
      user: { id: rig.owner.userId, name: "Owner", email: rig.owner.email, image: null },
      membership: { accountId, role: "site_owner", caps: ["manage_options"] },
    } as Viewer;
    // Every hour of every day in UTC, a year ahead; changes until an hour before.
    await saveAvailability(rig.db.database, {
      accountId,
      viewer: owner,
      body: {
        ...defaultAvailability("UTC"),
        weekly: Array.from({ length: 7 }, () => [{ start: "00:00", end: "24:00" }]),
        noticeMinutes: 0,
        windowDays: 365,
        changeNoticeMinutes: 60,
      },
    });
    [productId, otherProductId] = await rig.db.database.forAccount(accountId, async (tx) => {
      const made = await tx
        .insert(products)
        .values([
          { accountId, title: "Mentoring hour", slug: "mentoring-hour", kind: "session" },
          { accountId, title: "Sticker", slug: "sticker", kind: "download" },
        ])
        .returning();
      await tx
        .update(products)
        .set({ status: "published" })
        .where(eq(products.accountId, accountId));
      await tx.insert(productPrices).values([
        { accountId, productId: made[0]!.id, currency: "USD", amount: 8000 },
        { accountId, productId: made[1]!.id, currency: "USD", amount: 100 },
      ]);
      return [made[0]!.id, made[1]!.id];
    });
    typeId = (
      await createAppointmentType(rig.db.database, {
        accountId,
        viewer: owner,
        body: { title: "Mentoring", slug: "mentoring", durationMinutes: 60, productId },
      })
    ).id;
    // Whole hours from two days ahead: each test takes slots of its own.
    const from = new Date(Math.ceil(Date.now() / DAY) * DAY + 2 * DAY).toISOString();
    const to = new Date(Date.parse(from) + 30 * DAY).toISOString();
    const res = await rig.owner.request(appointmentsApiPaths.slots(typeId, from, to));
    slots = ((await res.json()) as { slots: { start: string }[] }).slots.map((s) => s.start);
  }, 120_000);
  afterAll(() => rig?.close());

  const nextSlot = () => slots[slotIndex++]!;
  const book = (client: Signed, start: string) =>
    client.post(appointmentsApiPaths.book, { typeId, start, bookerZone: "Europe/Berlin" });
  const bookingRow = (id: string) =>
    rig.db.database.forAccount(rig.accountId, async (tx) => {
      const [row] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.accountId, rig.accountId), eq(bookings.id, id)));
      return row!;
    });
  /** The checkout of a hold by bank transfer (the product's line, the hold named). */
  const checkout = async (
    client: Signed,
    bookingId: string,
    line: string = productId,
  ): Promise<string> => {
    const res = await client.post("/api/checkout", {
      lines: [{ id: line, quantity: 1 }],
      provider: "offline",
      checkoutKey: randomUUID(),
      reference: `booking:${bookingId}`,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { order: { id: string } }).order.id;
  };
  const confirmTransfer = async (orderId: string) => {
    expect((await rig.owner.post(`/api/orders/${orderId}/confirm`, {})).status).toBe(200);
    await rig.services.events.drain();
  };
  const hold = async (client: Signed, start = nextSlot()) => {
    const res = await book(client, start);
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; status: string; pay?: string };
  };

  logicTest(
    "I36 a paid session is held, paid by bank transfer, and confirmed when the owner confirms the transfer",
    async () => {
      const student = await rig.signedIn("student");
      const start = nextSlot();
      const booking = await hold(student, start);
      expect(booking).toMatchObject({ status: "pending", pay: `/checkout?booking=${booking.id}` });
      const held = await bookingRow(booking.id);
      expect(held.holdUntil!.getTime() - held.createdAt.getTime()).toBe(HOLD_MINUTES * 60_000);
      // The hold takes its time: another person cannot book it.
      const other = await rig.signedIn("student");
      expect((await book(other, start)).status).toBe(409);
      const orderId = await checkout(student, booking.id);
      expect((await rig.orderRow(orderId)).reference).toBe(`booking:${booking.id}`);
      // Waiting for the transfer: still held, even past its first half hour.
      expect(
        await expireHolds(
          { database: rig.db.database },
          { now: new Date(Date.now() + (HOLD_MINUTES + 5) * 60_000) },
        ),
      ).toMatchObject({ expired: 0 });
      expect((await bookingRow(booking.id)).status).toBe("pending");
      await confirmTransfer(orderId);
      expect(await bookingRow(booking.id)).toMatchObject({
        status: "confirmed",
        orderId,
        holdUntil: null,
      });
    },
  );

  logicTest("I36 20 people holding one paid slot at once: one hold", async () => {
    const start = nextSlot();
    const people = await Promise.all(Array.from({ length: 20 }, () => rig.signedIn("student")));
    const answers = await Promise.all(people.map((person) => book(person, start)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const [{ count }] = (
      await rig.db.database.forAccount(rig.accountId, (tx) =>
        tx.execute<{ count: number }>(
          sql`select count(*)::int as count from bookings where start_at = ${start}::timestamptz and status = 'pending'`,
        ),
      )
    ).rows as [{ count: number }];
    expect(count).toBe(1);
  });

  logicTest(
    "I36 a hold nobody pays expires and opens its slot; a transfer confirmed later takes it again when free, else is refunded",
    async () => {
      const late = await rig.signedIn("student");
      const start = nextSlot();
      const booking = await hold(late, start);
      const after = new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);
      expect(
        (await expireHolds({ database: rig.db.database }, { now: after })).expired,
      ).toBeGreaterThanOrEqual(1);
      expect((await bookingRow(booking.id)).status).toBe("expired");
      // Paid after all, with the slot still free: the session is the payer's again.
      const orderId = await checkout(late, booking.id);
      await confirmTransfer(orderId);
      expect(await bookingRow(booking.id)).toMatchObject({ status: "confirmed", orderId });

      // Another hold expires and someone else takes its slot: the late payment is refunded.
      const slow = await rig.signedIn("student");
      const start2 = nextSlot();
      const lost = await hold(slow, start2);
      await expireHolds(
        { database: rig.db.database },
        { now: new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000) },
      );
      const quick = await rig.signedIn("student");
      await hold(quick, start2);
      const lateOrder = await checkout(slow, lost.id);
      await confirmTransfer(lateOrder);
      expect((await bookingRow(lost.id)).status).toBe("expired");
      await vi.waitFor(
        async () => expect((await rig.orderRow(lateOrder)).status).toBe("refunded"),
        { timeout: 15_000, interval: 200 },
      );
    },
  );

  logicTest(
    "I36 a booker's cancellation of a paid session within the rules refunds its order through commerce",
    async () => {
      const student = await rig.signedIn("student");
      const booking = await hold(student);
      const orderId = await checkout(student, booking.id);
      await confirmTransfer(orderId);
      const res = await student.post(appointmentsApiPaths.cancel(booking.id), {});
      expect(res.status).toBe(200);
      expect((await bookingRow(booking.id)).status).toBe("cancelled");
      await vi.waitFor(
        async () => {
          const order = await rig.orderRow(orderId);
          expect(order).toMatchObject({ status: "refunded", refunded: order.total });
        },
        { timeout: 15_000, interval: 200 },
      );
      // Its refunded event finds the session cancelled already: nothing changes twice.
      await rig.services.events.drain();
      expect((await bookingRow(booking.id)).sequence).toBe(1);
    },
  );

  logicTest("I36 the shop's refund of a paid session's order cancels the session", async () => {
    const student = await rig.signedIn("student");
    const booking = await hold(student);
    const orderId = await checkout(student, booking.id);
    await confirmTransfer(orderId);
    expect((await rig.owner.post(`/api/orders/${orderId}/refund`, {})).status).toBe(200);
    await rig.services.events.drain();
    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled", sequence: 1 });
    // Its time is open again.
    const next = await rig.signedIn("student");
    expect((await book(next, (await bookingRow(booking.id)).startAt.toISOString())).status).toBe(
      201,
    );
  });

  logicTest(
    "I36 a hold cancelled before payment gives up its open checkout; an abandoned checkout lets a hold go",
    async () => {
      const student = await rig.signedIn("student");
      const first = await hold(student);
      const orderId = await checkout(student, first.id);
      expect((await student.post(appointmentsApiPaths.cancel(first.id), {})).status).toBe(200);
      await vi.waitFor(async () => expect((await rig.orderRow(orderId)).status).toBe("cancelled"), {
        timeout: 15_000,
        interval: 200,
      });

      const second = await hold(student);
      const unpaid = await checkout(student, second.id);
      await expireUnpaidOrders(
        { database: rig.db.database },
        {
          terms: { onlineHours: 1, offlineDays: 7 },
          now: new Date(Date.now() + 8 * DAY),
        },
      );
      expect((await rig.orderRow(unpaid)).status).toBe("cancelled");
      await rig.services.events.drain();
      expect((await bookingRow(second.id)).status).toBe("expired");
    },
  );

  logicTest(
    "I36 a hold's checkout is its booker's alone, and keeps the product it was held for when the type's price changes",
    async () => {
      const { accountId } = rig;
      const database = rig.db.database;
      const holder = await rig.signedIn("student");
      const stranger = await rig.signedIn("student");
      const booking = await hold(holder);
      const asViewer = (client: Signed) =>
        viewerWith({ id: client.userId, name: "", email: client.email }, []);
      const shown = (client: Signed) =>
        heldBooking(database, {
          accountId,
          viewer: asViewer(client),
          bookingId: booking.id,
          currency: "USD",
        });
      expect(await shown(holder)).toMatchObject({
        title: "Mentoring",
        reference: `booking:${booking.id}`,
        offer: { item: { id: productId, amount: 80, currency: "USD" } },
      });
      expect(await shown(stranger)).toBeNull();
      // The owner sells the type by another product from now on: this hold keeps its own.
      await database.forAccount(accountId, (tx) =>
        tx
          .update(appointmentTypes)
          .set({ productId: otherProductId })
          .where(eq(appointmentTypes.id, typeId)),
      );
      try {
        expect((await shown(holder))?.offer.item.id).toBe(productId);
        await confirmTransfer(await checkout(holder, booking.id, productId));
        expect((await bookingRow(booking.id)).status).toBe("confirmed");
        // Paid: no longer a hold to check out.
        expect(await shown(holder)).toBeNull();
      } finally {
        await database.forAccount(accountId, (tx) =>
          tx.update(appointmentTypes).set({ productId }).where(eq(appointmentTypes.id, typeId)),
        );
      }
    },
  );

  logicTest(
    "I36 an order naming someone else's hold, or selling another product, confirms nothing",
    async () => {
      const holder = await rig.signedIn("student");
      const booking = await hold(holder);
      const stranger = await rig.signedIn("student");
      await confirmTransfer(await checkout(stranger, booking.id));
      expect((await bookingRow(booking.id)).status).toBe("pending");
      await confirmTransfer(await checkout(holder, booking.id, otherProductId));
      expect((await bookingRow(booking.id)).status).toBe("pending");
      // A person holds three unpaid slots at most.
      await hold(holder);
      await hold(holder);
      expect((await book(holder, nextSlot())).status).toBe(409);
    },
  );
});
