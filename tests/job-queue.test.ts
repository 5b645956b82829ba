import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount } from "./factories";
import { backends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestApp } from "./support/test-server";

// The services a test server wires carry a started job queue, stopped with the test's database.
for (const backend of backends) {
  describe(`test server's job queue (${backend})`, () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase(backend);
    });
    afterAll(() => db?.dispose());

    test("a worker registered with the services runs a job a request's transaction sent", async () => {
      const account = await createAccount(db.database);
      const { services } = createTestApp(db.database);
      const seen: unknown[] = [];
      // Registered as the app's own workers are: with the services, before the queue has started.
      services.jobs.work("t.server", async (data) => {
        seen.push(data);
      });
      await services.jobs.start();
      await db.database.forAccount(account.accountId, (tx) =>
        services.jobs.send(tx, "t.server", { accountId: account.accountId }),
      );
      await services.jobs.drain();
      expect(seen).toEqual([{ accountId: account.accountId }]);
      expect(await services.jobs.stats("t.server")).toEqual([
        { name: "t.server", created: 0, active: 0, completed: 1, failed: 0, retry: 0 },
      ]);
    });

    test("closing the test's database stops its queue first", async () => {
      const own = await createTestDatabase(backend);
      const { services } = createTestApp(own.database);
      services.jobs.work("t.closing", async () => {});
      await services.jobs.start();
      const stop = services.jobs.stop.bind(services.jobs);
      const order: string[] = [];
      services.jobs.stop = async () => {
        order.push("jobs stopped");
        await stop();
      };
      const close = own.database.close;
      own.database.close = async () => {
        await close();
        order.push("database closed");
      };
      await own.dispose();
      expect(order).toEqual(["jobs stopped", "database closed"]);
    });
  });
}
