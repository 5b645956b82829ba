import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AccountSummary } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import { createAccount, createMember, createUser } from "../../../tests/factories";
import { createOrder } from "../../../tests/factories/orders";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { answerInvoicePdf } from "./documents-api.server";
import { loadInvoice, renderInvoicePdf } from "./invoice-pdf.server";

function pdfText(pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-invoice-"));
  const file = path.join(dir, "invoice.pdf");
  fs.writeFileSync(file, pdf);
  if (process.env.INVOICE_PDF_OUT) fs.copyFileSync(file, process.env.INVOICE_PDF_OUT);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const hasPoppler = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.each(logicBackends)("issue 16 scope 5: the invoice PDF on %s", (backend) => {
  let db: TestDatabase;
  let account: AccountSummary;
  let orderId: string;
  let number: number;
  const viewers = {} as Record<"buyer" | "other" | "manager", Viewer>;

  async function person(name: string, roleName: string, caps: string[]) {
    const user = await createUser(db.database, { name });
    const { membership } = await createMember(db.database, {
      accountId: account.accountId,
      roleName,
      user,
    });
    return {
      user: { ...user, image: null },
      membership: { ...membership, caps },
      isSuperAdmin: false,
    } as unknown as Viewer;
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    account = (await createAccount(db.database, {
      settings: { sitetitle: "Pottery School" },
    })) as unknown as AccountSummary;
    viewers.buyer = await person("Ana Buyer", "student", []);
    viewers.other = await person("Ben Other", "student", []);
    viewers.manager = await person("Olivia Owner", "site_owner", ["manage_options"]);
    const { order } = await createOrder(db.database, {
      accountId: account.accountId,
      userId: viewers.buyer.user.id,
      email: viewers.buyer.user.email,
      currency: "INR",
      coupon: "DIWALI",
      discount: 50_000,
      createdAt: new Date("2026-03-14T09:00:00Z"),
      items: [
        { title: "Wheel throwing course", amount: 250_000 },
        { title: "Glaze kit", amount: 40_000, quantity: 2 },
      ],
    });
    orderId = order.id;
    number = order.number;
  }, 60_000);
  afterAll(() => db?.dispose());

  test.runIf(hasPoppler)(
    "the invoice shows the seller, buyer, number, date, lines, discount, total and status",
    async () => {
      const facts = await loadInvoice(db.database, {
        account,
        viewer: viewers.buyer,
        orderId,
        origin: "https://pottery.example",
      });
      const text = pdfText(await renderInvoicePdf({ facts, lang: "en" }));
      expect(text).toContain("Invoice");
      expect(text).toContain("Pottery School");
      expect(text).toContain("https://pottery.example");
      expect(text).toMatch(new RegExp(`Invoice number\\s+#${number}`));
      expect(text).toMatch(/Date\s+March 14, 2026/);
      expect(text).toMatch(/Status\s+Completed/);
      expect(text).toContain("Ana Buyer");
      expect(text).toContain(viewers.buyer.user.email);
      expect(text).toMatch(/Wheel throwing course\s+1\s+₹2,500.00\s+₹2,500.00/);
      expect(text).toMatch(/Glaze kit\s+2\s+₹400.00\s+₹800.00/);
      expect(text).toMatch(/Subtotal\s+₹3,300.00/);
      expect(text).toMatch(/Discount \(DIWALI\)\s+−₹500.00/);
      expect(text).toMatch(/Total\s+₹2,800.00/);
      // I37: an Arabic buyer and line read back in the order they were written, words apart.
      const arabic = pdfText(
        await renderInvoicePdf({
          facts: {
            ...facts,
            buyer: { ...facts.buyer, name: "سارة أحمد" },
            lines: [{ ...facts.lines[0]!, title: "دورة صناعة الفخار" }],
          },
          lang: "en",
        }),
      ).replace(/[\u202a-\u202e]/g, "");
      expect(arabic).toContain("سارة أحمد");
      expect(arabic).toContain("دورة صناعة الفخار");
      const french = pdfText(await renderInvoicePdf({ facts, lang: "fr" }));
      expect(french).toContain("Facture");
      expect(french).toMatch(/Statut\s+Terminée/);
      expect(french).toContain("14 mars 2026");
    },
  );

  test("the buyer and managers get it; another member is told there is no such order; no session is 401", async () => {
    const ask = (viewer: Viewer | null, id = orderId) =>
      answerInvoicePdf(db.database, {
        tenant: { kind: "account", account },
        viewer,
        lang: "en",
        origin: "https://pottery.example",
        orderId: id,
      });
    const mine = await ask(viewers.buyer);
    expect(Buffer.from(mine.body.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(mine.headers).toMatchObject({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="invoice-${number}.pdf"`,
      "Cache-Control": "private, no-store",
    });
    expect((await ask(viewers.manager)).headers["Content-Type"]).toBe("application/pdf");
    await expect(ask(viewers.other)).rejects.toMatchObject({ code: "order.notFound", status: 404 });
    await expect(ask(null)).rejects.toMatchObject({ code: "not_authenticated", status: 401 });
    await expect(ask(viewers.buyer, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
    await expect(
      answerInvoicePdf(db.database, {
        tenant: { kind: "platform" },
        viewer: viewers.buyer,
        lang: "en",
        origin: "https://lyceum.example",
        orderId,
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
