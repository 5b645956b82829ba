import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import { relayTransport } from "./campaign-transport.server";
import { campaignMessageOf } from "./feedback-reports.server";
import { messageIdOfPostmark, relayMarksFor } from "./relay-marks.server";

const messageId = `<c.${randomUUID()}.${randomUUID()}@school.lyceum.example>`;

/** The header lines of a raw message, unfolded. */
const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");

describe("M5 marks that bring our Message-ID back from relays that rename a message", () => {
  test("M5 SendGrid gets a unique argument, Postmark three metadata fields of at most 80 characters; any other relay nothing", () => {
    const sendgrid = relayMarksFor("smtp.sendgrid.net")!(messageId);
    expect(JSON.parse(sendgrid["X-SMTPAPI"]!)).toEqual({
      unique_args: { lyceum_message: messageId },
    });
    const postmark = relayMarksFor("SMTP-Broadcasts.PostmarkApp.com.")!(messageId);
    expect(Object.keys(postmark).sort()).toEqual([
      "X-PM-Metadata-lyceum-campaign",
      "X-PM-Metadata-lyceum-contact",
      "X-PM-Metadata-lyceum-site",
    ]);
    for (const value of Object.values(postmark)) expect(value.length).toBeLessThanOrEqual(80);
    // What Postmark posts back names the same message.
    const metadata = Object.fromEntries(
      Object.entries(postmark).map(([name, value]) => [name.replace("X-PM-Metadata-", ""), value]),
    );
    expect(campaignMessageOf(messageIdOfPostmark(metadata))).toEqual(campaignMessageOf(messageId));
    // Postmark keeps a key as the header named it, in the mailer's case.
    const recased = Object.fromEntries(
      Object.entries(metadata).map(([name, value]) => [
        name.replace(/\b[a-z]/g, (c) => c.toUpperCase()),
        value,
      ]),
    );
    expect(messageIdOfPostmark(recased)).toBe(messageIdOfPostmark(metadata));
    expect(messageIdOfPostmark({ "lyceum-campaign": "x" })).toBe("");
    expect(messageIdOfPostmark(undefined)).toBe("");
    for (const host of ["smtp.example.com", "sendgrid.net.evil.example", "postmarkapp.co", ""])
      expect(relayMarksFor(host), host).toBeNull();
  });

  test("M5 the marks go out with the message to a relay of that name, and not to another", async () => {
    const sink = await startSmtpSink();
    const port = Number(new URL(sink.url).port);
    const send = async (servername: string, whole = false) => {
      // A site's relay is reached at a checked address; its name is the TLS server name.
      const transport = relayTransport({ host: "127.0.0.1", port, servername, ignoreTLS: true });
      const outcome = await transport.send({
        from: "School <news@school.example>",
        to: "reader@example.com",
        subject: "News",
        body: () => ({ text: "Hello", html: "<p>Hello</p>" }),
        messageId,
        headers: { "List-Unsubscribe": "<https://school.example/u>" },
        site: "school.example",
        // Parts encoded ahead (quoted-printable), as a campaign sends: the message goes raw.
        ...(whole ? { mime: { text: "Hello=\r\n", html: "<p>Hello</p>=\r\n" } } : {}),
      });
      transport.close();
      return outcome;
    };
    expect(await send("smtp.postmarkapp.com")).toEqual({ kind: "sent" });
    expect(await send("smtp.sendgrid.net")).toEqual({ kind: "sent" });
    expect(await send("mail.school.example")).toEqual({ kind: "sent" });
    expect(await send("smtp.postmarkapp.com", true)).toEqual({ kind: "sent" });
    expect(await send("smtp.sendgrid.net", true)).toEqual({ kind: "sent" });
    expect(await send("mail.school.example", true)).toEqual({ kind: "sent" });
    const mails = sink.accepted.map((mail) => headersOf(mail.raw));
    expect(mails).toHaveLength(6);
    for (const [postmark, sendgrid, other] of [mails.slice(0, 3), mails.slice(3)]) {
      // Header names are case-insensitive; nodemailer writes them in its own case.
      expect(postmark).toMatch(/^X-PM-Metadata-lyceum-campaign: [0-9a-f-]{36}$/im);
      expect(postmark).toMatch(/^X-PM-Metadata-lyceum-site: school\.lyceum\.example$/im);
      expect(sendgrid).toMatch(/^X-SMTPAPI: \{"unique_args":\{"lyceum_message":"<c\./im);
      expect(other).not.toMatch(/X-PM-Metadata|X-SMTPAPI/i);
      expect(other).toMatch(/^List-Unsubscribe: /m);
    }
    await sink.close();
  });
});
