import { describe, expect, test } from "vitest";
import { languageCodes } from "~/platform/i18n/languages";
import { renderMail, type MailTemplate } from "./templates.server";

const templates: MailTemplate[] = [
  "resetPassword",
  "verifyEmail",
  "signUpExisting",
  "confirmEmailChange",
  "memberInvite",
];
const vars = { siteName: "Demo School", url: "https://demo.localhost/reset?token=abc&x=1" };

describe("mail templates", () => {
  test("English reset mail: subject, text and HTML carry the site name and the link", () => {
    const mail = renderMail({ template: "resetPassword", lang: "en", vars });
    expect(mail.subject).toBe("Reset your password on Demo School");
    expect(mail.text).toContain("We received a request to reset the password of your Demo School");
    expect(mail.text).toContain(`Choose a new password: ${vars.url}`);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain('href="https://demo.localhost/reset?token=abc&amp;x=1"');
    expect(mail.html).toContain("Choose a new password</a>");
    expect(mail.html).not.toContain("{{");
  });

  test("Arabic renders right-to-left, translated, with the placeholders filled", () => {
    const mail = renderMail({ template: "signUpExisting", lang: "ar", vars });
    expect(mail.subject).toBe("لديك حساب بالفعل على Demo School");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain("text-align:right");
    expect(mail.text).toContain("Demo School");
    expect(mail.text).not.toContain("{{");
  });

  test.each(templates.flatMap((template) => languageCodes.map((lang) => [template, lang])))(
    "%s in %s has no missing text or unfilled placeholder",
    (template, lang) => {
      const mail = renderMail({ template: template as MailTemplate, lang, vars });
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(
          /\{\{|mail\.(resetPassword|verifyEmail|signUpExisting|confirmEmailChange|memberInvite)\./,
        );
      }
      expect(mail.subject).toContain("Demo School");
    },
  );

  test("values are HTML-escaped in the HTML version and left as typed in the text", () => {
    const hostile = {
      siteName: `<script>alert("x")</script> & Co`,
      url: `https://demo.localhost/reset?token="><script>alert(1)</script>`,
    };
    const mail = renderMail({ template: "verifyEmail", lang: "en", vars: hostile });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
    expect(mail.text).toContain(hostile.siteName);
    // The URL parser percent-encodes what a query cannot hold, so the href cannot break out.
    expect(mail.html).not.toMatch(/href="[^"]*"[^ >]*<script/);
  });

  test("a subject never carries a line break from a site name", () => {
    const mail = renderMail({
      template: "resetPassword",
      lang: "en",
      vars: { ...vars, siteName: "Evil\r\nBcc: victim@example.com" },
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  test("only http(s) links are accepted; an unknown language falls back to English", () => {
    expect(() =>
      renderMail({
        template: "resetPassword",
        lang: "en",
        vars: { ...vars, url: "javascript:alert(1)" },
      }),
    ).toThrow(/http/);
    expect(renderMail({ template: "verifyEmail", lang: "xx", vars }).subject).toBe(
      "Confirm your email address for Demo School",
    );
  });
});
