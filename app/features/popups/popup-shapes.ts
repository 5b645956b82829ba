import { z } from "zod";
import { linkUrlSchema, plainTextSchema } from "~/platform/safe-value-schemas";
import { sitePathPattern } from "~/platform/patterns";

/*
 * M5 popups on both sides of the wire: what a popup is (its look, its content, when it opens,
 * where and how often), what the owner's editor sends, and what a visitor's page receives.
 */

export const popupLayouts = ["modal", "slideIn", "bar"] as const;
export type PopupLayout = (typeof popupLayouts)[number];
export const popupTriggers = ["delay", "scroll", "exit", "click"] as const;
export type PopupTrigger = (typeof popupTriggers)[number];
export const popupPathModes = ["all", "only", "except"] as const;
export const popupStatuses = ["active", "paused"] as const;
export type PopupStatus = (typeof popupStatuses)[number];

const trimmed = (max: number) => plainTextSchema(max).transform((value) => value.trim());
/** A page of the site, or a whole section of it with a trailing `*` (`/blog/*`). */
const pathRule = z
  .string()
  .trim()
  .max(200)
  .refine((value) => sitePathPattern.test(value.replace(/\*$/, "")), {
    params: { origin: "path" },
  });
const isoDateTime = z.iso.datetime({ offset: true });

export const popupInputSchema = z
  .object({
    name: trimmed(120).refine((value) => value.length > 0, { params: { origin: "required" } }),
    status: z.enum(popupStatuses).default("active"),
    layout: z.enum(popupLayouts).default("modal"),
    /** The site's form the popup shows; without one, its title, text and button. */
    formId: z.union([z.literal(""), z.uuid()]).default(""),
    title: trimmed(200).default(""),
    body: trimmed(2000).default(""),
    ctaLabel: trimmed(60).default(""),
    ctaHref: z.union([z.literal(""), linkUrlSchema]).default(""),
    trigger: z.enum(popupTriggers).default("delay"),
    delaySeconds: z.coerce.number().int().min(0).max(600).default(5),
    scrollPercent: z.coerce.number().int().min(1).max(100).default(50),
    pathsMode: z.enum(popupPathModes).default("all"),
    paths: z.array(pathRule).max(50).default([]),
    /** Shown again to the same visitor only after this many days (0: at every visit). */
    capDays: z.coerce.number().int().min(0).max(365).default(7),
    startsAt: isoDateTime.or(z.literal("")).default(""),
    endsAt: isoDateTime.or(z.literal("")).default(""),
  })
  .superRefine((popup, context) => {
    if (!popup.formId && !popup.title && !popup.body)
      context.addIssue({ code: "custom", path: ["title"], params: { origin: "required" } });
    if (popup.ctaLabel && !popup.ctaHref)
      context.addIssue({ code: "custom", path: ["ctaHref"], params: { origin: "required" } });
    if (popup.startsAt && popup.endsAt && Date.parse(popup.endsAt) <= Date.parse(popup.startsAt))
      context.addIssue({
        code: "custom",
        path: ["endsAt"],
        params: { origin: "expireBeforeStart" },
      });
  });
export type PopupInput = z.input<typeof popupInputSchema>;
export type PopupDefinition = z.output<typeof popupInputSchema>;

/** A popup as the owner's list shows it, with what it did. */
export type PopupRow = {
  id: string;
  name: string;
  status: PopupStatus;
  layout: PopupLayout;
  trigger: PopupTrigger;
  views: number;
  conversions: number;
  updatedAt: string;
};

/** What a visitor's page carries for one popup: how and when to open, and what it shows. */
export type VisitorPopup = {
  id: string;
  layout: PopupLayout;
  trigger: PopupTrigger;
  delaySeconds: number;
  scrollPercent: number;
  capDays: number;
  title: string;
  body: string;
  ctaLabel: string;
  ctaHref: string;
  /** The form's markup for this request (forms), or "" for a popup without a form. */
  formHtml: string;
};

/** Whether a popup set for `mode` and `paths` opens on `pathname`. */
export function popupTargets(
  { pathsMode, paths }: { pathsMode: (typeof popupPathModes)[number]; paths: string[] },
  pathname: string,
): boolean {
  if (pathsMode === "all") return true;
  const matches = paths.some((rule) =>
    rule.endsWith("*") ? pathname.startsWith(rule.slice(0, -1)) : pathname === rule,
  );
  return pathsMode === "only" ? matches : !matches;
}

/** The address a link or button uses to open a popup whose trigger is "click". */
export const popupAnchor = (id: string) => `#popup-${id.slice(0, 8)}`;

export const POPUPS_SCREEN_PATH = "/dashboard/manage/marketing/popups";
/** A visitor's page tells what a popup did: it was seen, or its button was followed. */
export const popupEventSchema = z.object({ event: z.enum(["view", "click"]) });
