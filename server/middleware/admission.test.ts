import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createPost } from "../../tests/factories";
import { backends, createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { createTestAppWithPages } from "../../tests/support/test-server";

describe.each(backends)("I12 admission in front of the database on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let host: string;
  const get = async (path: string, ip: string): Promise<Response> =>
    app.request(
      `http://${host}${path}`,
      { headers: { host } },
      { incoming: { socket: { remoteAddress: ip } } },
    );

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    const account = await createAccount(db.database, { slug: `admit${backend}` });
    host = `${account.slug}.localhost`;
    await createPost(db.database, { accountId: account.accountId, title: "Admitted" });
  });
  afterAll(() => db?.dispose());

  test("I12 one client's burst past the bounds gets 503 with Retry-After at once; another client still gets in", async () => {
    // A query string bypasses the page cache: every request renders.
    const burst = Array.from({ length: 300 }, (_, i) => get(`/blog?burst=${i}`, "10.90.0.1"));
    const finished: string[] = [];
    const tracked = burst.map((request, i) => request.then((res) => (finished.push(`b${i}`), res)));
    const visitor = get("/blog?visitor=1", "10.90.0.2").then(
      (res) => (finished.push("visitor"), res),
    );
    const answers = await Promise.all(tracked);
    const visitorAnswer = await visitor;

    const refused = answers.filter((res) => res.status === 503);
    const served = answers.filter((res) => res.status === 200);
    expect(refused.length + served.length).toBe(300);
    // At most 64 of one client wait, plus those running: the rest are refused.
    expect(refused.length).toBeGreaterThan(200);
    expect(served.length).toBeGreaterThanOrEqual(64);
    for (const res of refused) expect(res.headers.get("retry-after")).toBe("2");
    expect(visitorAnswer.status).toBe(200);
    // The visitor's turn came right after the running ones (16 on PostgreSQL), not behind the
    // whole burst (64 waiting and the running): a busy machine may let a few more of the burst
    // start before the visitor's request reaches the queue, hence the margin.
    const servedOrder = finished.filter(
      (name) => name === "visitor" || answers[Number(name.slice(1))]?.status === 200,
    );
    expect(servedOrder.indexOf("visitor")).toBeLessThan(32);
  });
});
