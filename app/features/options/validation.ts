import { z } from "zod";
import {
  isCssColour,
  isFontStack,
  isPlainText,
  isSafeUrl,
  MAX_FONT_STACK,
  MAX_URL,
} from "~/platform/safe-values";

export const optionKeys = [
  "menus",
  "settings",
  "header",
  "footer",
  "theme",
  "misc",
  "dashboard",
] as const;
export type OptionKey = (typeof optionKeys)[number];

export type MenuItem = {
  id: string;
  label: string;
  item_url?: string;
  item_type?: "link" | "megamenu" | "label";
  mega_menu?: {
    columnCount: number;
    columns: { content: string; colSpan?: number; rowSpan?: number }[];
  };
  children?: MenuItem[];
};

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

/** Plain text people read: no NUL or other control characters but line breaks and tabs. */
const plainText = (max: number) =>
  z.string().max(max, tooLong).refine(isPlainText, refusal("plainText"));

/** A megamenu column's HTML: sanitised on save (options.server.ts) and again on render. */
const MAX_MEGA_HTML = 10_000;

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.string().max(100),
    label: plainText(80),
    item_url: linkUrlSchema.optional(),
    item_type: z.enum(["link", "megamenu", "label"]).optional(),
    mega_menu: z
      .object({
        columnCount: z.number().int().min(1).max(6),
        columns: z.array(
          z.object({
            content: z.string().max(MAX_MEGA_HTML),
            colSpan: z.number().int().min(1).max(6).optional(),
            rowSpan: z.number().int().min(1).max(6).optional(),
          }),
        ),
      })
      .optional(),
    children: z.array(menuItemSchema).optional(),
  }),
);

const footerLinkSchema = z.object({ label: plainText(120), url: linkUrlSchema });

export const optionSchemas = {
  menus: z.object({ header: z.array(menuItemSchema), mobile: z.array(menuItemSchema) }),
  settings: z.record(z.string(), z.unknown()),
  header: z.object({
    header_style: z.enum(["transparent", "solid"]).default("solid"),
    header_fix: z.boolean().default(false),
    header_fontsize: z.number().int().min(10).max(24).default(15),
    header_darklight: z.boolean().default(true),
    header_search: z.boolean().default(true),
    header_cart: z.boolean().default(true),
    header_login: z.boolean().default(true),
    notices: z
      .object({
        enable_header_notice: z.boolean().default(false),
        header_notice: plainText(500).default(""),
        header_notice_bg: colourSchema.default("#1c7ed6"),
        header_notice_start: z.number().nullable().default(null),
        header_notice_expire: z.number().nullable().default(null),
      })
      .default({
        enable_header_notice: false,
        header_notice: "",
        header_notice_bg: "#1c7ed6",
        header_notice_start: null,
        header_notice_expire: null,
      }),
  }),
  footer: z.object({
    footer_style: z
      .string()
      .max(40)
      .regex(/^[\w-]*$/)
      .default("columns"),
    footer_columns: z.array(
      z.object({
        title: plainText(120),
        type: z.enum(["links", "text"]),
        width: z.number().int().min(1).max(12).default(3),
        data: z.union([plainText(2000), z.array(footerLinkSchema)]),
      }),
    ),
    footer_bottom: plainText(500).default(""),
    footer_bottom_links: z.array(footerLinkSchema).default([]),
    enable_footer_notice: z.boolean().default(false),
    footer_notice: plainText(500).default(""),
    footer_notice_bg: colourSchema.default("#f1f3f5"),
  }),
  theme: z.object({
    bodyStyle: z.enum(["boxed", "full"]).default("full"),
    primaryColor: z
      .enum(["blue", "cyan", "grape", "green", "indigo", "orange", "pink", "red", "teal", "violet"])
      .default("blue"),
    fontFamily: fontStackSchema.optional(),
    headingsFontFamily: fontStackSchema.optional(),
  }),
  misc: z.object({
    scripts: z.string().default(""),
    /** A Google Analytics 4 measurement id; loaded only after the visitor accepts all cookies. */
    analytics_tag: z
      .string()
      .regex(/^G-[A-Z0-9]{4,16}$/)
      .optional(),
  }),
  /** The dashboard's settings for every member; not shown on the public site. */
  dashboard: z.object({
    /** D8: the member menu's enabled item ids, in order; null = every item, default order. */
    member_menu: z.array(z.string().max(40)).max(40).nullable().default(null),
  }),
} satisfies Record<OptionKey, z.ZodType>;

export type OptionValue<K extends OptionKey> = z.infer<(typeof optionSchemas)[K]>;

/** A whole option value as the settings editors and `PUT /api/site/options/:key` send it. */
export const optionKeySchema = z.enum(optionKeys);
