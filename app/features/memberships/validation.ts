import { z } from "zod";
import { plainTextSchema, slugSchema } from "~/platform/safe-value-schemas";
import { membershipStatuses } from "./membership-shapes";

/** What the memberships screen and API send (client-safe), checked at the boundary. */
const name = plainTextSchema(200).refine((value) => value.trim().length > 0, {
  params: { origin: "required" },
});

export const MAX_RULES = 200;

/** One content rule: a resource by id, or every post carrying a tag. */
export const ruleInputSchema = z.discriminatedUnion("resource", [
  z.object({
    resource: z.enum(["course", "page", "post", "doc", "group"]),
    targetId: z.uuid(),
  }),
  z.object({
    resource: z.literal("post_tag"),
    tag: plainTextSchema(100).refine((value) => value.trim().length > 0, {
      params: { origin: "required" },
    }),
  }),
]);
export type RuleInput = z.infer<typeof ruleInputSchema>;

export const levelInputSchema = z.object({
  name,
  slug: slugSchema.refine((value) => value.length > 0, { params: { origin: "required" } }),
  description: plainTextSchema(2000),
  /** Access lasts this many days from each purchase or renewal; null = while paid / for ever. */
  durationDays: z.number().int().min(1).max(36_500).nullable(),
  status: z.enum(membershipStatuses),
  position: z.number().int().min(0).max(10_000),
  rules: z.array(ruleInputSchema).max(MAX_RULES),
});
export type LevelInput = z.infer<typeof levelInputSchema>;

/** Giving a level by hand: the member by e-mail, until a date (null = for ever). */
export const memberGrantSchema = z.object({
  email: z.string().trim().min(3).max(320),
  expiresAt: z.iso.date().nullable(),
});

export const levelCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("saveLevel"), id: z.uuid().nullable(), level: levelInputSchema }),
  z.object({ intent: z.literal("deleteLevel"), id: z.uuid() }),
  z.object({
    intent: z.literal("grantMember"),
    id: z.uuid(),
    email: memberGrantSchema.shape.email,
    expiresAt: memberGrantSchema.shape.expiresAt,
  }),
  z.object({ intent: z.literal("removeMember"), id: z.uuid(), userId: z.string().min(1).max(200) }),
]);
export type LevelCommand = z.infer<typeof levelCommandSchema>;

export const memberListQuerySchema = z.object({
  q: plainTextSchema(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});
