import { z } from "zod";

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

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    label: z.string().max(80),
    item_url: z.string().max(500).optional(),
    item_type: z.enum(["link", "megamenu", "label"]).optional(),
    mega_menu: z
      .object({
        columnCount: z.number().int().min(1).max(6),
        columns: z.array(
          z.object({
            content: z.string(),
            colSpan: z.number().int().min(1).max(6).optional(),
            rowSpan: z.number().int().min(1).max(6).optional(),
          }),
        ),
      })
      .optional(),
    children: z.array(menuItemSchema).optional(),
  }),
);

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
        header_notice: z.string().default(""),
        header_notice_bg: z.string().default("#1c7ed6"),
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
    footer_style: z.string().default("columns"),
    footer_columns: z.array(
      z.object({
        title: z.string(),
        type: z.enum(["links", "text"]),
        width: z.number().int().min(1).max(12).default(3),
        data: z.union([z.string(), z.array(z.object({ label: z.string(), url: z.string() }))]),
      }),
    ),
    footer_bottom: z.string().default(""),
    footer_bottom_links: z.array(z.object({ label: z.string(), url: z.string() })).default([]),
    enable_footer_notice: z.boolean().default(false),
    footer_notice: z.string().default(""),
    footer_notice_bg: z.string().default("#f1f3f5"),
  }),
  theme: z.object({
    bodyStyle: z.enum(["boxed", "full"]).default("full"),
    primaryColor: z
      .enum(["blue", "cyan", "grape", "green", "indigo", "orange", "pink", "red", "teal", "violet"])
      .default("blue"),
    fontFamily: z.string().max(200).optional(),
    headingsFontFamily: z.string().max(200).optional(),
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
