import { z } from "zod";

/**
 * A page in Puck's data format: `{ root: { props }, content: [{ type, props }] }`, so the visual
 * builder of a later issue edits pages as they are stored.
 */
export const pageBlockSchema = z.object({
  type: z.string().min(1),
  props: z.record(z.string(), z.unknown()).and(z.object({ id: z.string() })),
});

export const pageDataSchema = z.object({
  root: z.object({ props: z.record(z.string(), z.unknown()).default({}) }),
  content: z.array(pageBlockSchema),
  zones: z.record(z.string(), z.array(pageBlockSchema)).optional(),
});
export type PageData = z.infer<typeof pageDataSchema>;
