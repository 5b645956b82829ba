// Issue 36's acceptance in the browser, with the instructor in New York and a student in Berlin
// each in a browser of their own zone: the instructor sets their hours and a paid 30-minute type
// (sold by the demo shop's session product); the student books it on its public page across the
// March DST change (New York has moved, Berlin not yet: 09:00 there is 14:00 here), which holds
// the time and goes on to the checkout, pays by bank transfer, and the session is confirmed when
// the owner confirms the transfer; the student downloads an invitation whose time is right in
// both zones, moves the booking once (then no more), and both enter the same Jitsi room from
// their Meetings screens; a booked session's door before its time says when it opens.
import fs from "node:fs";
import ICAL from "ical.js";
import { hydrated, open } from "./support/page";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { createSessions } from "./support/session";
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from "./support/test";

test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
const site = (path = "/") => `http://demo.localhost:${server.port}${path}`;
const sessions = createSessions(site);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = tempDataDir("appointments");
  server = await startServer({ dataDir });
});

/** The people's own browsers: closed after the test, so none lingers in the worker's browser. */
const contexts: BrowserContext[] = [];

test.afterEach(async ({ page }, testInfo) => {
  const open = contexts.splice(0);
  try {
    if (testInfo.status !== testInfo.expectedStatus && server) await attachLog(page, testInfo);
  } finally {
    await Promise.all(open.map((context) => context.close()));
  }
});

function attachLog(page: Page, testInfo: TestInfo) {
  const log = testInfo.outputPath("server-and-page.log");
  fs.writeFileSync(
    log,
    [`page at ${page.url()}`, ...server.output().split("\n").slice(-80)].join("\n"),
  );
  return testInfo.attach("server-and-page", { path: log, contentType: "text/plain" });
}

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A person's own browser, in their own time zone, signed in. */
async function personIn(browser: Browser, email: string, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId, viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await sessions.use(page, email);
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  // No meeting server is reachable here: a room's address answers with a stand-in page.
  await context.route("https://meet.jit.si/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Jitsi room</title>" }),
  );
  return page;
}

/** Shows the picker's week holding `date` (a week at a time, as a person clicks). */
async function weekOf(page: Page, date: string) {
  const day = page.locator(`[data-testid="slot-day"][data-date="${date}"]`);
  for (let clicks = 0; clicks < 30 && !(await day.isVisible()); clicks++) {
    await page.getByRole("button", { name: "Later week" }).click();
    await expect(
      page.locator('[data-testid="slot-day"], [data-testid="slot-none"]').first(),
    ).toBeVisible();
  }
  await expect(day).toBeVisible();
  return day;
}

test("Issue 36 acceptance: New York hours booked from Berlin across the March change, an invitation right in both zones, one move, the same room for both", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const teacher = await personIn(browser, "teacher@demo.test", "America/New_York");
  const student = await personIn(browser, "student@demo.test", "Europe/Berlin");

  // The instructor's hours in New York, open to next spring, and a 30-minute type.
  await open(teacher, site("/dashboard/appointments?tab=hours"));
  await hydrated(teacher);
  await expect(teacher.getByRole("combobox", { name: "Your time zone" })).toHaveValue(
    "America/New_York",
  );
  await teacher.getByLabel("Bookable this many days ahead").fill("200");
  await teacher.getByRole("button", { name: "Save hours" }).click();
  await expect(teacher.getByText("Your hours are saved.")).toBeVisible();
  await teacher.getByLabel("Title").fill("Portfolio review");
  await teacher.getByLabel("Length (minutes)").fill("30");
  await teacher.getByRole("combobox", { name: "Price", exact: true }).click();
  await teacher.getByRole("option", { name: /^Coaching session · \$60/ }).click();
  await teacher.getByRole("button", { name: "Create type" }).click();
  await expect(
    teacher.getByTestId("appointment-type").filter({ hasText: "Portfolio review" }),
  ).toBeVisible();

  // The student's page shows the times in Berlin, found from the browser.
  await open(student, site("/book/portfolio-review"));
  await expect(student.getByRole("heading", { level: 1, name: "Portfolio review" })).toBeVisible();
  await expect(student.getByRole("combobox", { name: "Show times in" })).toHaveValue(
    "Europe/Berlin",
  );
  // Tuesday 16 March 2027: New York is on summer time since the 14th, Berlin from the 28th.
  const day = await weekOf(student, "2027-03-16");
  const nine = day.locator('[data-start="2027-03-16T13:00:00.000Z"]');
  await expect(nine).toHaveText("2:00 PM");
  await nine.click();
  await expect(student.getByTestId("booking-confirm")).toContainText(
    "Tuesday, March 16, 2027 at 2:00 PM (Europe/Berlin)",
  );
  await expect(student.getByTestId("booking-price")).toContainText("$60");
  // Paid: the time is held and the checkout takes over, its cart the session's product.
  await student.getByRole("button", { name: "Hold this time and pay" }).click();
  await student.waitForURL(/\/checkout\?booking=/);
  await hydrated(student);
  await expect(student.getByTestId("checkout-hold")).toContainText(
    "Portfolio review with Theo Teacher, Tuesday, March 16, 2027 at 2:00 PM",
  );
  await expect(
    student.getByTestId("cart-item").filter({ hasText: "Coaching session" }),
  ).toBeVisible();
  await student.getByRole("radio", { name: /^Bank transfer/ }).check();
  await student.getByTestId("place-order").click();
  await expect(student).toHaveURL(/\/thankyou\?order=/);
  const orderNumber = (await student
    .getByRole("heading", { name: /^Order #/ })
    .textContent())!.replace(/\D/g, "");
  await open(student, site("/dashboard/bookings"));
  const held = student.getByTestId("booking").filter({ hasText: "Portfolio review" });
  await expect(held.getByTestId("booking-pending")).toHaveText("Awaiting payment");
  await expect(held.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);

  // The owner sees the transfer arrive and confirms it: the session is the student's.
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(ownerContext);
  const owner = await ownerContext.newPage();
  await sessions.use(owner, "owner@demo.test");
  await owner.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(owner, site("/dashboard/orders"));
  await owner.getByRole("button", { name: `Open order #${orderNumber}` }).click();
  const drawer = owner.getByRole("dialog", { name: `Order #${orderNumber}` });
  await drawer.getByRole("button", { name: "Confirm payment" }).click();
  await owner
    .getByRole("dialog", { name: `Confirm the payment of order #${orderNumber}?` })
    .getByRole("button", { name: "Confirm payment" })
    .click();
  await expect(drawer.getByTestId("order-history")).toContainText("Pending → Paid");
  await ownerContext.close();
  // The payment's event is handed on within moments.
  await expect(async () => {
    await open(student, site("/dashboard/bookings"));
    await expect(held.getByTestId("booking-pending")).toHaveCount(0);
    await expect(held.getByRole("link", { name: "Add to calendar" })).toBeVisible();
  }).toPass({ timeout: 20_000 });

  // The invitation: 09:00 in New York, 14:00 in Berlin, the room's door as its place.
  await open(student, site("/dashboard/bookings"));
  const booking = student.getByTestId("booking").filter({ hasText: "Portfolio review" });
  await expect(booking.getByTestId("booking-when")).toHaveText(
    "Tuesday, March 16, 2027 at 2:00 PM (Europe/Berlin)",
  );
  const [download] = await Promise.all([
    student.waitForEvent("download"),
    booking.getByRole("link", { name: "Add to calendar" }).click(),
  ]);
  const ics = fs.readFileSync((await download.path())!, "utf8");
  const unfolded = ics.replace(/\r\n[ \t]/g, "");
  expect(unfolded).toContain("DTSTART;TZID=America/New_York:20270316T090000");
  expect(unfolded).toContain("BEGIN:VTIMEZONE");
  expect(unfolded).toMatch(
    /LOCATION:http:\/\/demo\.localhost:\d+\/dashboard\/meetings\/join\?booking=/,
  );
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!);
  const instant = event.startDate.toJSDate();
  expect(instant.toISOString()).toBe("2027-03-16T13:00:00.000Z");
  expect(
    new Intl.DateTimeFormat("en-GB", { timeStyle: "short", timeZone: "Europe/Berlin" }).format(
      instant,
    ),
  ).toBe("14:00");

  // Moved once to Wednesday 09:00 New York; the host's rule allows no second move.
  await booking.getByRole("button", { name: "Reschedule" }).click();
  const dialog = student.getByRole("dialog", { name: "Move to another time" });
  const wednesday = await weekOf(student, "2027-03-17");
  await wednesday.locator('[data-start="2027-03-17T13:00:00.000Z"]').click();
  await dialog.getByRole("button", { name: /^Move to / }).click();
  await expect(dialog).toBeHidden();
  await expect(booking.getByTestId("booking-when")).toHaveText(
    "Wednesday, March 17, 2027 at 2:00 PM (Europe/Berlin)",
  );
  await expect(booking.getByRole("button", { name: "Reschedule" })).toHaveCount(0);
  await expect(booking.getByRole("button", { name: "Cancel" })).toBeVisible();

  // The instructor reads it in New York.
  await open(teacher, site("/dashboard/appointments"));
  await expect(
    teacher
      .getByTestId("booking")
      .filter({ hasText: "Portfolio review" })
      .getByTestId("booking-when"),
  ).toHaveText("Wednesday, March 17, 2027 at 9:00 AM (America/New York)");

  // Its room's door months ahead: back to Meetings, which says when it opens.
  const [early] = await Promise.all([
    student.waitForEvent("popup"),
    booking.getByRole("link", { name: "Join the meeting" }).click(),
  ]);
  await expect(early).toHaveURL(/\/dashboard\/meetings\?notice=notOpen$/);
  await expect(early.getByRole("status").filter({ hasText: "not open now" })).toBeVisible();
  await early.close();

  // A room the instructor opens now: both enter the same one from their Meetings screens.
  await open(teacher, site("/dashboard/meetings"));
  await teacher.getByLabel("Title").fill("Portfolio drop-in");
  await teacher.getByRole("button", { name: "Open room" }).click();
  await expect(teacher.getByRole("status").filter({ hasText: "The room is open" })).toBeVisible();
  const enter = async (page: Page) => {
    const card = page.getByTestId("meeting").filter({ hasText: "Portfolio drop-in" });
    const [room] = await Promise.all([
      page.waitForEvent("popup"),
      card.getByRole("link", { name: "Join" }).click(),
    ]);
    await room.waitForURL(/^https:\/\/meet\.jit\.si\//);
    const url = room.url();
    await room.close();
    return url;
  };
  const hostRoom = await enter(teacher);
  await open(student, site("/dashboard/meetings"));
  const studentRoom = await enter(student);
  expect(hostRoom).toMatch(/^https:\/\/meet\.jit\.si\/lyceum-[0-9a-f]{24}$/);
  expect(studentRoom).toBe(hostRoom);
});
