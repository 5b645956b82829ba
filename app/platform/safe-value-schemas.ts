import { z } from "zod";
import { isSlug, SLUG_MAX } from "./slugs";
import {
  isCssColour,
  isFontStack,
  isPlainText,
  isSafeUrl,
  MAX_FONT_STACK,
  MAX_URL,
} from "./safe-values";

/**
 * Refusals the settings screens translate: `params.origin` names the message
 * (siteSettings.common.errors.<origin>), as the screens' own checks do.
 */
const refusal = (origin: "url" | "colour" | "fontFamily" | "plainText") => ({
  params: { origin },
});

/** A value too long is reported as such, not also as malformed. */
const tooLong = { abort: true } as const;

/** A link: http(s) or a path of the site, never `javascript:`, `data:` or `//host` (item 7). */
export const linkUrlSchema = z.string().max(MAX_URL, tooLong).refine(isSafeUrl, refusal("url"));

/** A colour as the editors' colour pickers produce it (hex), or rgb/hsl or a Mantine name. */
export const colourSchema = z.string().max(64, tooLong).refine(isCssColour, refusal("colour"));

/** A CSS font-family list: font names only, so nothing can leave the theme's <style>. */
export const fontStackSchema = z
  .string()
  .max(MAX_FONT_STACK, tooLong)
  .refine(isFontStack, refusal("fontFamily"));

/**
 * An address part as `slugify` makes them: lower-case letters and digits of any script, marks
 * and single dashes (a post's, page's, course's or product's slug; decision 045).
 */
export const slugSchema = z
  .string()
  .max(SLUG_MAX, tooLong)
  .refine(isSlug, { params: { origin: "slug" } });

/** Plain text people read: no NUL or other control characters but line breaks and tabs. */
export const plainTextSchema = (max: number) =>
  z.string().max(max, tooLong).refine(isPlainText, refusal("plainText"));
