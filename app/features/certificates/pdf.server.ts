// The certificate as a PDF (pdfkit): A4 landscape, the site's logo, the template's colours and
// title, the student's name, the course, the date, a signature (image or typed name) and the
// verification address with its code. pdfkit's built-in fonts (Times) cover Latin scripts; text
// in another script is drawn with DejaVu Sans (Debian's fonts-dejavu-core: Greek, Cyrillic,
// Armenian, Georgian, Hebrew, Arabic), and Chinese, Japanese or Korean with WenQuanYi Micro Hei
// (fonts-wqy-microhei), when the machine has them (the image installs both); else Times, with
// missing glyphs. Arabic and Hebrew lines are laid out right to left (platform/pdf-lines).
import fs from "node:fs";
import { drawLines, hasRightToLeft } from "~/platform/pdf-lines.server";
import type { CertificateFacts, CertificateTemplate } from "./certificate-option";

export type CertificateLabels = {
  title: string;
  certifies: string;
  completed: string;
  issuedOn: string;
  verifyAt: string;
  code: string;
};

export type CertificateImages = { logo?: Buffer | null; signature?: Buffer | null };

const unicodeFonts = {
  regular: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  bold: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
};
/** One face for every style: the collection has no bold (PDF readers do not embolden). */
const cjkFont = {
  file: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
  face: "WenQuanYiMicroHei",
};
/** Han, kana, Hangul and their punctuation: what DejaVu does not draw. */
const cjk = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;
/** What Times (WinAnsi) can draw: Latin-1 and the usual typographic marks. */
const winAnsi =
  /^[\u0020-\u00ff\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2022\u2026\u20ac\u0152\u0153\u0160\u0161\u0178\u017d\u017e]*$/;

export async function renderCertificatePdf({
  facts,
  template,
  labels,
  images = {},
  lang = "en",
}: {
  facts: CertificateFacts;
  template: CertificateTemplate;
  labels: CertificateLabels;
  images?: CertificateImages;
  lang?: string;
}): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    info: {
      Title: `${template.title || labels.title} — ${facts.courseTitle}`,
      Author: facts.siteName,
      Subject: facts.verifyUrl,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const unicode = fs.existsSync(unicodeFonts.regular) && fs.existsSync(unicodeFonts.bold);
  if (unicode) {
    doc.registerFont("Unicode", unicodeFonts.regular);
    doc.registerFont("Unicode-Bold", unicodeFonts.bold);
  }
  const han = fs.existsSync(cjkFont.file);
  if (han) doc.registerFont("CJK", cjkFont.file, cjkFont.face);
  /** Times when it can draw the text, else the CJK face or DejaVu, when present. */
  const font = (text: string, style: "regular" | "bold" | "italic") => {
    if (han && cjk.test(text)) return "CJK";
    if (!winAnsi.test(text) && unicode) return style === "bold" ? "Unicode-Bold" : "Unicode";
    return style === "bold" ? "Times-Bold" : style === "italic" ? "Times-Italic" : "Times-Roman";
  };
  const width = doc.page.width;
  const height = doc.page.height;
  /** Centred in a box, wrapped; Arabic or Hebrew laid out right to left (platform/pdf-lines). */
  const inBox = (text: string, x: number, y: number, box: number, link?: string) => {
    if (hasRightToLeft(text)) drawLines(doc, text, { x, y, width: box, link });
    else
      doc.text(text, x, y, {
        width: box,
        align: "center",
        ...(link ? { link, underline: false } : {}),
      });
  };
  const centred = (
    text: string,
    y: number,
    size: number,
    style: "regular" | "bold" | "italic",
    colour: string,
  ) => {
    doc.font(font(text, style)).fontSize(size).fillColor(colour);
    inBox(text, 80, y, width - 160);
  };

  // Frame: a band of the accent colour, a thin inner rule.
  doc.rect(0, 0, width, height).fill("#ffffff");
  doc
    .lineWidth(10)
    .strokeColor(template.accent)
    .rect(22, 22, width - 44, height - 44)
    .stroke();
  doc
    .lineWidth(1)
    .strokeColor(template.accent)
    .rect(38, 38, width - 76, height - 76)
    .stroke();

  let y = images.logo ? 66 : 96;
  if (images.logo) {
    try {
      doc.image(images.logo, width / 2 - 90, y, {
        fit: [180, 56],
        align: "center",
        valign: "center",
      });
      y += 64;
    } catch {
      // An image pdfkit cannot read is left out, never a failed download.
    }
  }
  centred(facts.siteName.toUpperCase(), y, 11, "regular", template.text);
  centred(template.title || labels.title, y + 36, 36, "bold", template.accent);
  centred(labels.certifies, y + 112, 15, "italic", template.text);
  centred(facts.studentName, y + 142, 34, "bold", template.text);
  doc
    .moveTo(width / 2 - 190, y + 188)
    .lineTo(width / 2 + 190, y + 188)
    .lineWidth(0.75)
    .strokeColor(template.accent)
    .stroke();
  centred(labels.completed, y + 204, 15, "italic", template.text);
  centred(facts.courseTitle, y + 230, 24, "bold", template.accent);

  // The foot: date on the left, signature on the right, verification in the middle.
  const footY = height - 150;
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(facts.issuedAt),
  );
  doc.font(font(date, "regular")).fontSize(13).fillColor(template.text);
  inBox(date, 90, footY + 28, 220);
  doc
    .moveTo(110, footY + 48)
    .lineTo(290, footY + 48)
    .lineWidth(0.75)
    .strokeColor(template.text)
    .stroke();
  doc.font(font(labels.issuedOn, "italic")).fontSize(10);
  inBox(labels.issuedOn, 90, footY + 54, 220);

  const signX = width - 310;
  let signed = false;
  if (images.signature) {
    try {
      doc.image(images.signature, signX + 40, footY - 6, {
        fit: [140, 50],
        align: "center",
        valign: "bottom",
      });
      signed = true;
    } catch {
      signed = false;
    }
  }
  if (!signed && template.signatureName) {
    doc.font(font(template.signatureName, "italic")).fontSize(22).fillColor(template.text);
    inBox(template.signatureName, signX, footY + 18, 220);
  }
  doc
    .moveTo(signX + 20, footY + 48)
    .lineTo(signX + 200, footY + 48)
    .lineWidth(0.75)
    .strokeColor(template.text)
    .stroke();
  const signer = [template.signatureName, template.signatureTitle].filter(Boolean).join(", ");
  if (signer) {
    doc.font(font(signer, "regular")).fontSize(10).fillColor(template.text);
    inBox(signer, signX, footY + 54, 220);
  }

  const verify = `${labels.verifyAt} ${facts.verifyUrl}`;
  doc.font(font(verify, "regular")).fontSize(9).fillColor("#495057");
  inBox(verify, 80, height - 78, width - 160, facts.verifyUrl);
  inBox(`${labels.code} ${facts.code}`, 80, height - 64, width - 160);
  doc.end();
  return done;
}
