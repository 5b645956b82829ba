// GET /api/certificates/:code/pdf — a certificate as a PDF, for its owner and the site's
// managers. It is served by the API (not a page route) because it reads the site's images (the
// logo, a signature) from file storage. Anonymous visitors get 401: the verification page shows
// anyone that a certificate is genuine; the document itself is the member's (it is what they
// hand to an employer), so a code found in a link does not let strangers download it.
import path from "node:path";
import fs from "node:fs/promises";
import { Hono } from "hono";
import type { Tenant } from "~/features/accounts/accounts";
import { accountBucket, type Viewer } from "~/features/members/members.server";
import { AppError } from "~/platform/errors";
import type { Database } from "~/platform/db/database.server";
import { textIn } from "~/platform/i18n/messages.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import type { Storage } from "~/platform/storage/storage.server";
import { certificateForDownload } from "./certificates.server";
import { renderCertificatePdf, type CertificateLabels } from "./pdf.server";

type CertificatesApiEnv = {
  Variables: {
    tenant: Tenant;
    viewer: Viewer | null;
    lang: LanguageCode;
    facts: { origin: string };
  };
};

const codeParam = /^[A-Za-z0-9-]{1,40}$/;

/** A site image by its address: one of this account's stored files, or a file of the build's /media. */
async function siteImage(
  url: string,
  { storage, accountId, assetsDir }: { storage: Storage; accountId: string; assetsDir?: string },
): Promise<Buffer | null> {
  if (!url || url.includes("..")) return null;
  let bytes: Buffer | null = null;
  const stored = /^\/files\/([^/]+)\/(.+)$/.exec(url);
  if (stored) {
    if (stored[1] !== accountBucket(accountId)) return null;
    bytes = (await storage.get({ bucket: stored[1]!, key: stored[2]! }))?.body ?? null;
  } else if (url.startsWith("/media/") && assetsDir) {
    const file = path.resolve(assetsDir, `.${url}`);
    if (!file.startsWith(path.resolve(assetsDir) + path.sep)) return null;
    bytes = await fs.readFile(file).catch(() => null);
  }
  if (!bytes) return null;
  // pdfkit reads PNG and JPEG only: WebP, SVG and the rest become a PNG, at most 600 px wide.
  // Loaded with the first certificate that has a picture, not with the server.
  const { default: sharp } = await import("sharp");
  return sharp(bytes, { density: 200 })
    .resize({ width: 600, withoutEnlargement: true })
    .png()
    .toBuffer()
    .catch(() => null);
}

export function certificateLabels(lang: LanguageCode): CertificateLabels {
  const t = (key: string) => textIn(lang, `certificates.pdf.${key}`);
  return {
    title: t("title"),
    certifies: t("certifies"),
    completed: t("completed"),
    issuedOn: t("issuedOn"),
    verifyAt: t("verifyAt"),
    code: t("code"),
  };
}

export function certificatesApi({
  database,
  storage,
  assetsDir,
}: {
  database: Database;
  storage: Storage;
  assetsDir?: string;
}) {
  const api = new Hono<CertificatesApiEnv>();
  api.get("/certificates/:code/pdf", async (c) => {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    const code = c.req.param("code");
    if (!c.var.viewer) throw new AppError({ code: "not_authenticated" });
    if (!codeParam.test(code)) throw new AppError({ code: "route.notFound" });
    const { facts, template } = await certificateForDownload(database, {
      account: tenant.account,
      code,
      viewer: c.var.viewer,
      origin: c.var.facts.origin,
    });
    const accountId = tenant.account.accountId;
    const [logo, signature] = await Promise.all([
      siteImage(template.logo, { storage, accountId, assetsDir }),
      siteImage(template.signatureImage, { storage, accountId, assetsDir }),
    ]);
    const pdf = await renderCertificatePdf({
      facts,
      template,
      labels: certificateLabels(c.var.lang),
      images: { logo, signature },
      lang: c.var.lang,
    });
    return c.body(new Uint8Array(pdf), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="certificate-${facts.code}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    });
  });
  return api;
}
