// Issue 31 point 8 over HTTP on PGlite and PostgreSQL: checkouts are limited per person and per
// client address; a refused one opens no provider session; two app instances on one database
// share one budget (decision 039).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  startCommerceRig,
  type Client,
  type CommerceRig,
} from "../../../tests/support/commerce-rig";
import { createClient } from "../../../tests/support/http-client";
import { backends } from "../../../tests/support/test-database";

const PER_PERSON = 3;
const PER_ADDRESS = 5;

describe.each(backends)("I31-8 checkout limits on %s", (backend) => {
  let rig: CommerceRig;

  beforeAll(async () => {
    rig = await startCommerceRig(backend, {
      env: {
        CHECKOUT_LIMIT_PER_PERSON: String(PER_PERSON),
        CHECKOUT_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
      },
    });
  }, 180_000);
  afterAll(() => rig?.close());

  const checkout = (buyer: Client) =>
    buyer.post("/api/checkout", {
      lines: [{ id: rig.catalogue.product.id, priceId: rig.catalogue.usd.id, quantity: 1 }],
      provider: "stripe",
      checkoutKey: crypto.randomUUID(),
    });
  const sessionsOpened = () =>
    rig.stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")
      .length;
  /** The same person (their session cookies) in another browser: `app`, from `ip`. */
  function sameSession(
    person: Client,
    { app = rig.app, ip }: { app?: CommerceRig["app"]; ip: string },
  ) {
    const client = createClient(app, { host: rig.host, ip });
    for (const [name, value] of person.jar) client.jar.set(name, value);
    return client;
  }

  test("I31-8 a person past the budget gets 429 with Retry-After and the catalogue's key; no provider session for the refused", async () => {
    const buyer = await rig.signedIn("student");
    const before = sessionsOpened();
    const statuses: number[] = [];
    for (let i = 0; i < PER_PERSON + 3; i++) {
      const res = await checkout(buyer);
      statuses.push(res.status);
      if (res.status === 429) {
        const retryAfter = Number(res.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(600);
        const body = (await res.json()) as { error: { code: string } };
        expect(body.error.code).toBe("request.tooMany");
      }
    }
    expect(statuses).toEqual([
      ...Array<number>(PER_PERSON).fill(200),
      ...Array<number>(3).fill(429),
    ]);
    expect(sessionsOpened() - before).toBe(PER_PERSON);
    // The same person from another address is still that person.
    expect((await checkout(sameSession(buyer, { ip: "198.51.100.99" }))).status).toBe(429);
  });

  test("I31-8 one address is limited across people: past its budget everyone there is refused, a buyer elsewhere is not", async () => {
    const people = await Promise.all([1, 2, 3].map(() => rig.signedIn("student")));
    // Three people behind one shared address (a café, one proxy).
    const fromShared = people.map((person) => sameSession(person, { ip: "192.0.2.77" }));
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 2; i++)
      statuses.push((await checkout(fromShared[i % fromShared.length]!)).status);
    expect(statuses).toEqual([...Array<number>(PER_ADDRESS).fill(200), 429, 429]);
    const elsewhere = await rig.signedIn("student");
    expect((await checkout(elsewhere)).status).toBe(200);
  });

  test("I31-8 two app instances on one database share one budget per person", async () => {
    const second = rig.secondInstance({
      CHECKOUT_LIMIT_PER_PERSON: PER_PERSON,
      CHECKOUT_LIMIT_PER_ADDRESS: PER_ADDRESS,
    });
    const buyer = await rig.signedIn("student");
    const onSecond = sameSession(buyer, { app: second.app, ip: "198.51.100.200" });
    const statuses: number[] = [];
    for (let i = 0; i < PER_PERSON + 1; i++)
      statuses.push((await checkout(i % 2 === 0 ? buyer : onSecond)).status);
    expect(statuses).toEqual([...Array<number>(PER_PERSON).fill(200), 429]);
  });
});
