// The owner's certificate template (a site option, saved through the options' one save) and
// what a certificate shows. Client-safe: the settings screen, its live preview and the server's
// PDF read the same schema and defaults.
import { z } from "zod";
import { defineOption, defineOptionPart, type OptionValue } from "~/features/options/options";
import { plainTextSchema } from "~/platform/safe-value-schemas";

/** The PDF draws with hex colours only: `#rrggbb`. */
const hexColour = z
  .string()
  .max(7, { abort: true })
  .refine((value) => /^#[0-9a-fA-F]{6}$/.test(value), { params: { origin: "colour" } });

/** An image of the site's media library or its own files: a path of the site, never a host. */
const sitePath = z
  .string()
  .max(500, { abort: true })
  .refine((value) => value === "" || /^\/(files|media)\/[A-Za-z0-9._~/-]+$/.test(value), {
    params: { origin: "url" },
  })
  .refine((value) => !value.includes(".."), { params: { origin: "url" } });

export const certificateTemplateSchema = z.object({
  /** Empty = the translated "Certificate of completion". */
  title: plainTextSchema(80).default(""),
  /** Empty = the site's logo (its header's). */
  logo: sitePath.default(""),
  accent: hexColour.default("#1c7ed6"),
  text: hexColour.default("#212529"),
  signatureName: plainTextSchema(80).default(""),
  signatureTitle: plainTextSchema(80).default(""),
  /** An image of a signature; empty = the typed name in a script-like italic. */
  signatureImage: sitePath.default(""),
});
export type CertificateTemplate = z.output<typeof certificateTemplateSchema>;

export const certificatesOption = defineOption("certificates", certificateTemplateSchema);
export type CertificatesOption = OptionValue<typeof certificatesOption>;

export const certificateTemplatePart = defineOptionPart({
  name: "certificateTemplate",
  key: "certificates",
  schema: certificateTemplateSchema,
});

export const defaultCertificateTemplate: CertificateTemplate = certificateTemplateSchema.parse({});

/** What a certificate shows: the template, the snapshot and where it is verified. */
export type CertificateFacts = {
  code: string;
  studentName: string;
  courseTitle: string;
  issuedAt: string;
  siteName: string;
  verifyUrl: string;
};

/** The public verification page's answer: a certificate, or none with that code. */
export type CertificateVerification =
  | { valid: true; certificate: Omit<CertificateFacts, "verifyUrl">; pdfUrl: string | null }
  | { valid: false; code: string; siteName: string };

/** One of a member's certificates, for their list. */
export type MemberCertificate = {
  code: string;
  courseTitle: string;
  issuedAt: string;
  verifyUrl: string;
  pdfUrl: string;
};

/** The verification code: 16 letters and digits without look-alikes, in groups of four. */
export const certificateCodePattern = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;
export const certificatePath = (code: string) => `/certificates/${code}`;
export const certificatePdfPath = (code: string) => `/api/certificates/${code}/pdf`;
