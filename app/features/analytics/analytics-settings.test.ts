import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { miscOption } from "~/features/site/site";
import { createAccount, setOption } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { loadSiteChrome } from "~/features/site/site.server";

describe("P21 the owner's analytics tag setting", () => {
  test("P21 misc.analytics_tag takes a GA4 measurement id and nothing else", () => {
    const misc = miscOption.schema;
    expect(misc.parse({ analytics_tag: "G-ABC123XYZ9" })).toEqual({
      scripts: "",
      analytics_tag: "G-ABC123XYZ9",
    });
    expect(misc.parse({})).toEqual({ scripts: "" });
    for (const bad of ["UA-12345-1", "g-abc123", "G-", 'G-ABC"><script>', "GTM-ABC123"])
      expect(misc.safeParse({ analytics_tag: bad }).success, bad).toBe(false);
  });
});

describe.each(logicBackends)("P21 analytics settings on %s", (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db?.dispose());

  test("P21 the site reads its own tag, or none", async () => {
    const tagged = await createAccount(db.database);
    const plain = await createAccount(db.database);
    await setOption(db.database, {
      accountId: tagged.accountId,
      key: "misc",
      value: { scripts: "", analytics_tag: "G-TAGGED01" },
    });
    expect((await loadSiteChrome(db.database, tagged.accountId)).analyticsTag).toBe("G-TAGGED01");
    expect((await loadSiteChrome(db.database, plain.accountId)).analyticsTag).toBeNull();
  });
});
