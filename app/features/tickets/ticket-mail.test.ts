import { describe, expect, test } from "vitest";
import { renderTicketMail } from "./ticket-mail.server";

const input = {
  siteName: "Atelier <Céramique>",
  number: 42,
  subject: "Le paiement échoue",
  category: "bug" as const,
  author: "Ana",
  body: "Étapes :\n1. payer\n<script>alert(1)</script>",
  url: "https://atelier.example/dashboard/tickets/abc",
};

describe("M7 tickets: the reply mail", () => {
  test("M7 in the site's language: a platform reply to a French site's owner, the message quoted, HTML escaped", () => {
    const mail = renderTicketMail({ ...input, lang: "fr", kind: "platformReply" });
    expect(mail.subject).toBe("L'assistance a répondu à votre ticket n° 42 : Le paiement échoue");
    expect(mail.text).toContain("Ana, de l'équipe d'assistance, a répondu");
    expect(mail.text).toContain("> 1. payer");
    expect(mail.text).toContain("Ouvrir le ticket: https://atelier.example/dashboard/tickets/abc");
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Atelier &lt;Céramique&gt;");
  });

  test("M8 a new ticket for the desk names its category in the site's language; Arabic reads right to left; an unknown language is English", () => {
    const opened = renderTicketMail({ ...input, lang: "de", kind: "opened" });
    expect(opened.subject).toBe(
      "Neues Support-Ticket #42 von Atelier <Céramique>: Le paiement échoue",
    );
    expect(opened.text).toContain("(Fehler)");
    const arabic = renderTicketMail({ ...input, lang: "ar", kind: "siteReply" });
    expect(arabic.html).toContain('dir="rtl"');
    expect(arabic.subject).toContain("#42");
    const unknown = renderTicketMail({ ...input, lang: "xx", kind: "siteReply" });
    expect(unknown.subject).toBe("Atelier <Céramique> replied to ticket #42: Le paiement échoue");
  });

  test("M7 a subject cannot smuggle a header line into the mail", () => {
    const mail = renderTicketMail({
      ...input,
      lang: "en",
      kind: "opened",
      subject: "Hi\r\nBcc: everyone@example.test",
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
