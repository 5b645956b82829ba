import { z } from "zod";
import { defineOptionPart } from "~/features/options/options";
import { colourSchema, plainTextSchema } from "~/platform/safe-value-schemas";

const headerNoticeDefaults = {
  enable_header_notice: false,
  header_notice: "",
  header_notice_bg: "#1c7ed6",
  header_notice_start: null,
  header_notice_expire: null,
};

/** The header option's `notices` field. */
export const headerNoticesSchema = z
  .object({
    enable_header_notice: z.boolean().default(false),
    header_notice: plainTextSchema(500).default(""),
    header_notice_bg: colourSchema.default("#1c7ed6"),
    header_notice_start: z.number().nullable().default(null),
    header_notice_expire: z.number().nullable().default(null),
  })
  .default(headerNoticeDefaults);
export type HeaderNotices = z.output<typeof headerNoticesSchema>;

/** The footer option's notice fields. */
export const footerNoticeSchema = z.object({
  enable_footer_notice: z.boolean().default(false),
  footer_notice: plainTextSchema(500).default(""),
  footer_notice_bg: colourSchema.default("#f1f3f5"),
});
export type FooterNotice = z.output<typeof footerNoticeSchema>;

export const noticesPart = defineOptionPart({
  name: "notices",
  key: "header",
  field: "notices",
  schema: headerNoticesSchema,
});

export const footerNoticePart = defineOptionPart({
  name: "footerNotice",
  key: "footer",
  fields: Object.keys(footerNoticeSchema.shape),
  schema: footerNoticeSchema,
});

/** P14: whether the header notice shows at `now` (decided on the server, so paint and hydration agree). */
export function headerNoticeShows(notices: HeaderNotices | undefined, now: number): boolean {
  return Boolean(
    notices?.enable_header_notice &&
    notices.header_notice &&
    (notices.header_notice_start === null || notices.header_notice_start <= now) &&
    (notices.header_notice_expire === null || notices.header_notice_expire > now),
  );
}

/**
 * P14: the next moment after `now` at which the header notice appears or goes, if any. A page
 * rendered now is stale from then on, so no cache may keep it longer.
 */
export function nextNoticeChange(notices: HeaderNotices | undefined, now: number): number | null {
  if (!notices?.enable_header_notice || !notices.header_notice) return null;
  const ahead = [notices.header_notice_start, notices.header_notice_expire].filter(
    (moment): moment is number => moment !== null && moment > now,
  );
  return ahead.length > 0 ? Math.min(...ahead) : null;
}
