import { z } from "zod";
import { sitePathPattern, urlPattern } from "~/platform/patterns";
import { isSafeUrl } from "~/platform/safe-values";

/** Spec §9: the public site draws the logo `logo_width × 16` px wide. */
export const LOGO_WIDTH_UNIT_PX = 16;
/** The width the site uses when none is set (4 × 16 = 64 px). */
export const DEFAULT_LOGO_WIDTH = 4;
export const MIN_LOGO_WIDTH = 1;
export const MAX_LOGO_WIDTH = 40;
/** Largest logo file accepted for upload. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

/**
 * Where a logo comes from: a path on the site (an uploaded file under /files/…, or /media/…) or
 * a full http(s) address. Nothing else: no `javascript:`, `data:` or protocol-relative URLs.
 */
export const logoSourceSchema = z
  .string()
  .trim()
  .max(500)
  .refine((value) => (sitePathPattern.test(value) || urlPattern.test(value)) && isSafeUrl(value), {
    message: "logoSource",
  });

/** The three account settings the header screen edits; `null` removes one. */
export const brandingSchema = z.object({
  logo: logoSourceSchema.nullable(),
  dark_logo: logoSourceSchema.nullable(),
  logo_width: z.number().min(MIN_LOGO_WIDTH).max(MAX_LOGO_WIDTH).nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

/** Which logo an upload is for. */
export const logoVariantSchema = z.enum(["light", "dark"]);
export type LogoVariant = z.infer<typeof logoVariantSchema>;

/** What an upload of `POST /api/account/branding/logo` is for: a logo, or the site's icon. */
export const brandingImageSchema = z.enum([...logoVariantSchema.options, "icon"]);
export type BrandingImage = z.infer<typeof brandingImageSchema>;

/** The site's icon is stored square, this many pixels a side (the web app's largest icon). */
export const SITE_ICON_PX = 512;

/** The logo's width in pixels on the public site. */
export const logoWidthPx = (width: number | null) =>
  Math.round((width ?? DEFAULT_LOGO_WIDTH) * LOGO_WIDTH_UNIT_PX);
