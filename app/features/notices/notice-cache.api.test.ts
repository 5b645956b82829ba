import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { headerOption } from "~/features/header/header";
import { createAccount, setOption } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

const minute = 60_000;
/** The notice's text is in the page's data either way: whether it is drawn is what changes. */
const showsNotice = async (res: Response) =>
  (await res.text()).includes('data-testid="header-notice"');

describe.each(logicBackends)(
  "P14 a cached page and the header notice's schedule on %s",
  (backend) => {
    let db: TestDatabase;
    let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
    let host: string;
    let ip = 0;
    const start = Date.UTC(2031, 0, 6, 9, 0, 0);
    const home = () => createClient(app, { host, ip: `10.78.0.${++ip}` }).request("/");

    beforeAll(async () => {
      db = await createTestDatabase(backend);
      app = (await createTestAppWithPages(db.database)).app;
      const account = await createAccount(db.database, { slug: `notice${backend}` });
      host = `${account.slug}.localhost`;
      const header = headerOption.schema.parse({
        notices: {
          enable_header_notice: true,
          header_notice: "Spring sale: two courses for one",
          header_notice_start: start + minute,
          header_notice_expire: start + 2 * minute,
        },
      });
      await setOption(db.database, { accountId: account.accountId, key: "header", value: header });
    });
    afterEach(() => vi.useRealTimers());
    afterAll(() => db?.dispose());

    test("P14 a page cached before the notice starts, or while it shows, is rendered again at its start and at its end", async () => {
      // Only the clock is fake: requests, the database and streams run as usual.
      vi.useFakeTimers({ toFake: ["Date"], now: start });
      const before = await home();
      expect(before.headers.get("x-page-cache")).toBe("miss");
      expect(await showsNotice(before)).toBe(false);
      expect((await home()).headers.get("x-page-cache")).toBe("hit");

      vi.setSystemTime(start + minute + 1_000);
      const during = await home();
      expect(during.headers.get("x-page-cache")).toBe("miss");
      expect(await showsNotice(during)).toBe(true);
      const cached = await home();
      expect(cached.headers.get("x-page-cache")).toBe("hit");
      expect(await showsNotice(cached)).toBe(true);

      vi.setSystemTime(start + 2 * minute + 1_000);
      const after = await home();
      expect(after.headers.get("x-page-cache")).toBe("miss");
      expect(await showsNotice(after)).toBe(false);
    });
  },
);
