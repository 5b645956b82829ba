import { z } from "zod";
import { defineOption, defineOptionPart, type OptionValue } from "~/features/options/options";
import { linkUrlSchema, plainTextSchema } from "~/platform/safe-value-schemas";

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

/** A megamenu column's HTML: sanitised on save (menus.server.ts) and again on render. */
const MAX_MEGA_HTML = 10_000;

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.string().max(100),
    label: plainTextSchema(80),
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

export const menusOption = defineOption(
  "menus",
  z.object({ header: z.array(menuItemSchema), mobile: z.array(menuItemSchema) }),
);
export type MenusValue = OptionValue<typeof menusOption>;

export const menusPart = defineOptionPart({
  name: "menus",
  key: "menus",
  schema: menusOption.schema,
});
