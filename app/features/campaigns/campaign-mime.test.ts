import { simpleParser } from "mailparser";
import { createTransport } from "nodemailer";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { mailOutbox } from "~/platform/mail/tables.server";
import { createTestDatabase } from "../../../tests/support/test-database";
import { createSecretBox } from "~/platform/secret-box.server";
import { campaignFrame } from "./campaign-commands.server";
import { prepareMime } from "./campaign-mime.server";
import { rawCampaignMessage } from "./campaign-raw.server";
import { compileCampaign, personalise } from "./campaign-render.server";
import type { CampaignBlock } from "./campaign-shapes";
import { recipientLinks } from "./recipient-links.server";
import { outboxTransport } from "./campaign-transport.server";

const secretBox = createSecretBox("campaign-mime-test-secret-0123456789abcdef");

const blocks: CampaignBlock[] = [
  { type: "heading", text: "Bonjour {{first_name | à toi}} — l'été arrive" },
  {
    type: "text",
    text:
      "Hello {{name}}, your city is {{city | unknown}}. Ünïcödé, 日本語, emoji 🎉 and = signs.\n\n" +
      `A line long enough to be wrapped by quoted-printable: ${"word ".repeat(40)}end.\n\n` +
      "Trailing spaces at a line's end   \nand <b>markup</b> & ampersands.",
  },
  { type: "button", label: "Open {{first_name}}'s course", href: "https://example.com/c?a=1&b=2" },
  {
    type: "image",
    src: "https://example.com/picture.png",
    alt: "A picture",
    href: "https://example.com/picture",
  },
  { type: "divider" },
];

const people = [
  { email: "ana@example.com", name: "Ana Lima", fields: { city: "São Paulo" } },
  // No name, no field: fallbacks; a value with markup and a line break of its own.
  { email: "x@example.com", name: "", fields: { city: "<script>x</script>\nline" } },
];

/** One message as nodemailer writes it with the prepared parts, read back by a mail parser. */
async function sentAndRead(parts: { text: string; html: string }) {
  const transport = createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail({
    from: "School <news@example.com>",
    to: "reader@example.com",
    subject: "Hi",
    text: { raw: parts.text },
    html: { raw: parts.html },
  });
  const raw = (info.message as Buffer).toString("utf8");
  // RFC 5322: no line over 998 characters; quoted-printable keeps them at 76.
  expect(Math.max(...raw.split("\r\n").map((line) => line.length))).toBeLessThanOrEqual(78);
  return simpleParser(raw);
}

describe("M5 a campaign's bodies encoded once per send", () => {
  test.each([true, false])(
    "M5 the prepared parts read back exactly as each recipient's personalised mail (tracking %s)",
    async (tracking) => {
      const compiled = await compileCampaign({
        subject: "Hi",
        preheader: "Summer",
        blocks,
        frame: campaignFrame({ lang: "fr", siteName: "École" }),
      });
      const prepared = prepareMime(compiled, { tracking });
      for (const [index, person] of people.entries()) {
        const links = recipientLinks(secretBox, {
          origin: "https://demo.example.com",
          campaignId: "11111111-1111-4111-8111-111111111111",
          contactId: `22222222-2222-4222-8222-22222222222${index}`,
          tracking,
        });
        const expected = personalise(compiled, person, links);
        const read = await sentAndRead(prepared(person, links));
        expect(read.html).toBe(expected.html);
        expect(read.text).toBe(expected.text.replace(/\r?\n/g, "\n"));
        expect(read.html).toContain(links.preferences);
        expect(Boolean(links.open && String(read.html).includes(links.open))).toBe(tracking);
      }
    },
  );

  test("M5 without a relay a campaign's message lands in the outbox with its plain bodies", async () => {
    const db = await createTestDatabase("pglite");
    try {
      const compiled = await compileCampaign({
        subject: "Hi",
        preheader: "",
        blocks,
        frame: campaignFrame({ lang: "en", siteName: "School" }),
      });
      const links = recipientLinks(secretBox, {
        origin: "https://demo.example.com",
        campaignId: "11111111-1111-4111-8111-111111111111",
        contactId: "22222222-2222-4222-8222-222222222222",
        tracking: true,
      });
      const person = people[0]!;
      const outcome = await outboxTransport(db.database).send({
        from: "School <news@example.com>",
        to: person.email,
        subject: "Hi Ana",
        body: () => personalise(compiled, person, links),
        mime: prepareMime(compiled, { tracking: true })(person, links),
        messageId: "<c.1.2@demo.example.com>",
        headers: {},
        site: "demo.example.com",
      });
      expect(outcome).toEqual({ kind: "sent" });
      const [row] = await db.database.owner
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, person.email));
      const expected = personalise(compiled, person, links);
      expect(row).toMatchObject({ textBody: expected.text, htmlBody: expected.html });
    } finally {
      await db.dispose();
    }
  });

  test("M5 a whole message written once per send's frame reads back with its headers, envelope and each recipient's bodies", async () => {
    const compiled = await compileCampaign({
      subject: "Hi",
      preheader: "",
      blocks,
      frame: campaignFrame({ lang: "fr", siteName: "École" }),
    });
    const prepared = prepareMime(compiled, { tracking: true });
    const transport = createTransport({ streamTransport: true, buffer: true });
    for (const [index, person] of people.entries()) {
      const links = recipientLinks(secretBox, {
        origin: "https://demo.example.com",
        campaignId: "11111111-1111-4111-8111-111111111111",
        contactId: `22222222-2222-4222-8222-22222222222${index}`,
        tracking: true,
      });
      const message = {
        from: "École d'été <news@example.com>",
        to: person.email,
        subject: `Bonjour ${person.name || "toi"} — l'été arrive, ${"long ".repeat(12)}fin`,
        body: () => personalise(compiled, person, links),
        mime: prepared(person, links),
        messageId: `<c.1.${index}@demo.example.com>`,
        headers: {
          "List-Unsubscribe": `<${links.oneClick}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          "Feedback-ID": "1:2:lyceum",
        },
        site: "demo.example.com",
        replyTo: "Office <office@example.com>",
      };
      const whole = rawCampaignMessage(message, new Date("2026-11-26T10:00:00Z"))!;
      expect(whole.envelope).toEqual({ from: "news@example.com", to: [person.email] });
      const info = await transport.sendMail(whole);
      expect(info.envelope).toEqual({ from: "news@example.com", to: [person.email] });
      const raw = (info.message as Buffer).toString("utf8");
      // At most 78 characters a line, but for the one-click address, which has nowhere to fold.
      const long = raw.split("\r\n").filter((line) => line.length > 78);
      expect(long.filter((line) => !line.includes(links.oneClick))).toEqual([]);
      expect(Math.max(...long.map((line) => line.length))).toBeLessThan(998);
      const read = await simpleParser(raw);
      const expected = personalise(compiled, person, links);
      expect(read.html).toBe(expected.html);
      expect(read.text).toBe(expected.text.replace(/\r?\n/g, "\n"));
      expect(read.subject).toBe(message.subject);
      expect(read.from?.value).toEqual([{ name: "École d'été", address: "news@example.com" }]);
      expect(read.replyTo?.value).toEqual([{ name: "Office", address: "office@example.com" }]);
      expect(read.messageId).toBe(message.messageId);
      expect(read.date?.toISOString()).toBe("2026-11-26T10:00:00.000Z");
      const header = (name: string) =>
        read.headerLines.find((line) => line.key === name)?.line.replace(/\r\n[ \t]+/g, " ");
      expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <${links.oneClick}>`);
      expect(header("list-unsubscribe-post")).toBe(
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
      );
      expect(header("feedback-id")).toBe("Feedback-ID: 1:2:lyceum");
      // A site's own sender through the platform's relay: bounces to the platform's address.
      const bounced = rawCampaignMessage({ ...message, returnPath: "bounces@platform.test" });
      expect(bounced?.envelope.from).toBe("bounces@platform.test");
    }
    // Addresses whose rules are nodemailer's own (punycode, SMTPUTF8) are left to it.
    const base = { from: "a@example.com", subject: "s", body: () => ({ text: "", html: "" }) };
    const parts = { text: "", html: "" };
    const shared = { ...base, mime: parts, messageId: "<m@x>", headers: {}, site: "x" };
    expect(rawCampaignMessage({ ...shared, to: "josé@exämple.com" })).toBeNull();
    expect(rawCampaignMessage({ ...shared, to: "Ana <ana@example.com>" })).toBeNull();
  });
});
