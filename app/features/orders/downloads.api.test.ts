// A file sold as a download: its buyer gets it as an attachment from /api/downloads/:id (the
// thank-you page and the receipt link there); anyone else — a visitor, another member, the
// buyer once refunded — gets the same answer as for a file that does not exist.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accountBucket } from "~/features/members/members.server";
import { media } from "~/features/media/tables.server";
import { productGrants, productPrices, products } from "~/features/products/tables.server";
import { createClient } from "../../../tests/support/http-client";
import { startCommerceRig, type CommerceRig } from "../../../tests/support/commerce-rig";
import { logicBackends } from "../../../tests/support/test-database";

type Placed = { order: { id: string }; start: { providerRef: string } | null };

describe.each(logicBackends)("C5 downloads on %s", (backend) => {
  let rig: CommerceRig;
  let fileId: string;
  let line: { id: string; priceId: string; quantity: number };
  const bytes = Buffer.from("%PDF-1.4\nworkbook pages\n%%EOF\n");

  beforeAll(async () => {
    rig = await startCommerceRig(backend);
    const { accountId } = rig;
    fileId = crypto.randomUUID();
    const storageKey = `media/${fileId}/original.pdf`;
    await rig.services.storage.put({
      bucket: accountBucket(accountId),
      key: storageKey,
      body: bytes,
      contentType: "application/pdf",
    });
    line = await rig.db.database.forAccount(accountId, async (tx) => {
      await tx.insert(media).values({
        accountId,
        id: fileId,
        kind: "document",
        mime: "application/pdf",
        originalName: "Cahier d'exercices – 1.pdf",
        sizeBytes: bytes.length,
        storageKey,
      });
      const [product] = await tx
        .insert(products)
        .values({
          accountId,
          title: "Workbook",
          slug: "workbook",
          kind: "download",
          status: "published",
        })
        .returning();
      const [price] = await tx
        .insert(productPrices)
        .values({ accountId, productId: product!.id, currency: "USD", amount: 900 })
        .returning();
      await tx
        .insert(productGrants)
        .values({ accountId, productId: product!.id, target: "download", targetId: fileId });
      return { id: product!.id, priceId: price!.id, quantity: 1 };
    });
  }, 60_000);
  afterAll(() => rig?.close());

  test("C5 a bought download comes to its buyer as an attachment; a visitor, another member and the refunded buyer are refused alike", async () => {
    const buyer = await rig.signedIn("student");
    const other = await rig.signedIn("student");
    const visitor = createClient(rig.app, { host: rig.host, ip: "192.0.2.77" });
    const download = `/api/downloads/${fileId}`;

    expect((await buyer.request(download)).status).toBe(404);

    const res = await buyer.post("/api/checkout", {
      lines: [line],
      provider: "stripe",
      checkoutKey: crypto.randomUUID(),
    });
    expect(res.status).toBe(200);
    const { order, start } = (await res.json()) as Placed;
    await rig.stripe.pay(start!.providerRef);
    await rig.settle();

    const got = await buyer.request(download);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(got.headers.get("content-disposition")).toBe(
      "attachment; filename=\"Cahier d'exercices _ 1.pdf\"; filename*=UTF-8''Cahier%20d%27exercices%20%E2%80%93%201.pdf",
    );
    expect(got.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await got.arrayBuffer())).toEqual(bytes);

    // The order's page names the file; the receipt links to it.
    const view = (await (await buyer.request(`/api/orders/${order.id}`)).json()) as {
      unlocked: { downloads: { id: string; name: string }[] };
    };
    expect(view.unlocked.downloads).toEqual([{ id: fileId, name: "Cahier d'exercices – 1.pdf" }]);

    expect((await other.request(download)).status).toBe(404);
    expect((await visitor.request(download)).status).toBe(401);
    expect((await buyer.request(`/api/downloads/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await buyer.request("/api/downloads/not-an-id")).status).toBe(404);

    expect((await rig.owner.post(`/api/orders/${order.id}/refund`, {})).status).toBe(200);
    await rig.settle();
    expect((await buyer.request(download)).status).toBe(404);
  });
});
