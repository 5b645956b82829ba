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
        facts: {
          code: "ABCD-EFGH-JKLM-NPQR",
          studentName: process.env.CERTIFICATE_NAME ?? "Sam Student",
          courseTitle: "Design for Beginners",
          issuedAt: "2026-11-20T10:00:00Z",
          siteName: "Demo Academy",
          verifyUrl: "http://demo.localhost/certificates/ABCD-EFGH-JKLM-NPQR",
        },
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
        facts: {
          code: "ABCD-EFGH-JKLM-NPQR",
          studentName: "Анна Σοφία",
          courseTitle: "Дизайн",
          issuedAt: "2026-11-20T10:00:00Z",
          siteName: "Demo",
          verifyUrl: "http://demo.localhost/certificates/ABCD-EFGH-JKLM-NPQR",
        },
        template: defaultCertificateTemplate,
        labels,
      });
      const text = pdfText(pdf);
      if (fs.existsSync("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        expect(text).toContain("Анна Σοφία");
    },
  );
});
