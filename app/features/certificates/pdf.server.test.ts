import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { defaultCertificateTemplate } from "./certificate-option";
import { renderCertificatePdf } from "./pdf.server";

const labels = {
  title: "Certificate of completion",
  certifies: "This certifies that",
  completed: "has completed the course",
  issuedOn: "Date of issue",
  verifyAt: "Verify this certificate at",
  code: "Certificate code",
};

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-cert-"));
  const file = path.join(dir, "certificate.pdf");
  fs.writeFileSync(file, pdf);
  if (process.env.CERTIFICATE_PDF_OUT) fs.copyFileSync(file, process.env.CERTIFICATE_PDF_OUT);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A certificate's facts: the code, date and address every test shares, and what it varies. */
const factsOf = (vary: { studentName: string; courseTitle: string; siteName?: string }) => ({
  code: "ABCD-EFGH-JKLM-NPQR",
  issuedAt: "2026-11-20T10:00:00Z",
  siteName: "Demo",
  verifyUrl: "http://demo.localhost/certificates/ABCD-EFGH-JKLM-NPQR",
  ...vary,
});

const hasPoppler = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("issue 15 scope 6 certificate PDF", () => {
  test.runIf(hasPoppler)(
    "M1 certificate: the PDF shows the student, the course, the site, the signer and the verification address",
    async () => {
      const pdf = await renderCertificatePdf({
        facts: factsOf({
          studentName: process.env.CERTIFICATE_NAME ?? "Sam Student",
          courseTitle: "Design for Beginners",
          siteName: "Demo Academy",
        }),
        template: {
          ...defaultCertificateTemplate,
          title: "",
          signatureName: "Theo Teacher",
          signatureTitle: "Head of Design",
        },
        labels,
      });
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      const text = pdfText(pdf);
      for (const shown of [
        "Certificate of completion",
        process.env.CERTIFICATE_NAME ?? "Sam Student",
        "Design for Beginners",
        "DEMO ACADEMY",
        "November 20, 2026",
        "Theo Teacher, Head of Design",
        "http://demo.localhost/certificates/ABCD-EFGH-JKLM-NPQR",
        "ABCD-EFGH-JKLM-NPQR",
      ])
        expect(text).toContain(shown);
    },
  );

  test.runIf(hasPoppler)(
    "M1 certificate: a name in Cyrillic or Greek is drawn with a Unicode font, not lost",
    async () => {
      const pdf = await renderCertificatePdf({
        facts: factsOf({ studentName: "Анна Σοφία", courseTitle: "Дизайн" }),
        template: defaultCertificateTemplate,
        labels,
      });
      const text = pdfText(pdf);
      if (fs.existsSync("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        expect(text).toContain("Анна Σοφία");
    },
  );

  // Issue 37: Arabic came out with its words swapped and spaces lost ("إتمامشهادة"), and CJK
  // names as missing glyphs. Read back by poppler, which puts right-to-left words back in the
  // order they were written from where they stand on the line. (Not checked: "تاريخ الإصدار",
  // whose lam-alef is one glyph standing for two letters, which poppler reverses as a pair.)
  const arabic = {
    title: "شهادة إتمام",
    certifies: "نشهد بأن",
    completed: "قد أتم الدورة",
    issuedOn: "تاريخ الإصدار",
    verifyAt: "تحقق من هذه الشهادة على",
    code: "رمز الشهادة",
  };
  const dejavu = fs.existsSync("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
  const wqy = fs.existsSync("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc");

  test.runIf(hasPoppler && dejavu)(
    "I37 an Arabic certificate's text extracts in the order it was written, words and spaces kept, the address beside its label",
    async () => {
      const pdf = await renderCertificatePdf({
        facts: factsOf({
          studentName: "سارة أحمد",
          courseTitle: "أساسيات التصميم",
          siteName: "أكاديمية التصميم",
        }),
        template: { ...defaultCertificateTemplate, title: "", signatureName: "دانة لوي" },
        labels: arabic,
        lang: "ar",
      });
      // Lines in reading order; poppler wraps a right-to-left line in embedding marks.
      const lines = pdfText(pdf)
        .replace(/[\u202a-\u202e]/g, "")
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
      for (const expected of [
        "شهادة إتمام",
        "نشهد بأن",
        "سارة أحمد",
        "قد أتم الدورة",
        "أساسيات التصميم",
        "دانة لوي",
        "تحقق من هذه الشهادة على http://demo.localhost/certificates/ABCD-EFGH-JKLM-NPQR",
        "رمز الشهادة ABCD-EFGH-JKLM-NPQR",
      ])
        expect(
          lines.some((line) => line.includes(expected)),
          `${expected} in ${lines.join(" | ")}`,
        ).toBe(true);
      const order = [
        "شهادة إتمام",
        "نشهد بأن",
        "سارة أحمد",
        "قد أتم الدورة",
        "أساسيات التصميم",
      ].map((expected) => lines.findIndex((line) => line.includes(expected)));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    },
  );

  test.runIf(hasPoppler && dejavu)("I37 a Hebrew name reads back in its order", async () => {
    const pdf = await renderCertificatePdf({
      facts: factsOf({ studentName: "דנה לוי", courseTitle: "Design 101" }),
      template: defaultCertificateTemplate,
      labels,
    });
    expect(pdfText(pdf).replace(/[\u202a-\u202e]/g, "")).toContain("דנה לוי");
  });

  test.runIf(hasPoppler && wqy)(
    "I37 Chinese, Japanese and Korean names are drawn, not lost",
    async () => {
      const pdf = await renderCertificatePdf({
        facts: factsOf({ studentName: "王小明", courseTitle: "デザイン入門 · 디자인 기초" }),
        template: defaultCertificateTemplate,
        labels,
      });
      const text = pdfText(pdf);
      expect(text).toContain("王小明");
      expect(text).toContain("デザイン入門 · 디자인 기초");
    },
  );
});
