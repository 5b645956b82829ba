import { formatMoney, minorToMajor } from "~/features/cart/cart";
import { errorKeyOf } from "~/platform/errors";
import type { FieldIssue } from "~/platform/field-issues";
import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type {
  AffiliateStatus,
  CommissionStatus,
  Money,
  ProgrammeView,
  RefusalReason,
} from "../affiliate-shapes";

/** The owner's screen, and its payouts as CSV. */
export const AFFILIATES_SCREEN_PATH = "/dashboard/manage/marketing/affiliates";
export const PAYOUTS_CSV_PATH = `${AFFILIATES_SCREEN_PATH}/payouts.csv`;

/** What a command of either screen answers (an AppError comes back as its code). */
export type CommandAnswer =
  | { ok: true; id?: string; status?: AffiliateStatus }
  | { ok: false; code?: string; issues?: FieldIssue[] };

export const affiliateColour: Record<AffiliateStatus, string> = {
  pending: "orange",
  approved: "teal",
  rejected: "red",
  suspended: "gray",
};

export const commissionColour: Record<CommissionStatus, string> = {
  due: "blue",
  paid: "teal",
  reversed: "gray",
  refused: "red",
};

/** Statuses and reasons in the reader's words (literal keys, for the key trace). */
export function useAffiliateWords() {
  const { t } = useTranslation();
  const statuses: Record<AffiliateStatus, string> = {
    pending: t("affiliates.status.pending"),
    approved: t("affiliates.status.approved"),
    rejected: t("affiliates.status.rejected"),
    suspended: t("affiliates.status.suspended"),
  };
  const commissionStatuses: Record<CommissionStatus, string> = {
    due: t("affiliates.commissionStatus.due"),
    paid: t("affiliates.commissionStatus.paid"),
    reversed: t("affiliates.commissionStatus.reversed"),
    refused: t("affiliates.commissionStatus.refused"),
  };
  const reasons: Record<RefusalReason, string> = {
    selfReferral: t("affiliates.reasons.selfReferral"),
    windowLapsed: t("affiliates.reasons.windowLapsed"),
    affiliateInactive: t("affiliates.reasons.affiliateInactive"),
  };
  return { statuses, commissionStatuses, reasons };
}

/** Amounts, counts, percents and days as the reader writes them. */
export function useAffiliateFormats() {
  const { t, i18n } = useTranslation();
  const money = (minor: number, currency: string) =>
    formatMoney({ amount: minorToMajor(minor, currency), currency, lang: i18n.language });
  const number = numberFormat(i18n.language);
  const percent = numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 2 });
  return {
    money,
    number: (value: number) => number.format(value),
    /** Hundredths of a percent (3000) as a percent ("30%"). */
    percent: (basis: number) => percent.format(basis / 10_000),
    /** Money in one or more currencies (never added together), or a dash for none. */
    monies: (list: Money[]) =>
      list.length === 0
        ? t("affiliates.none")
        : list.map((one) => money(one.amount, one.currency)).join(" · "),
  };
}

/** The programme's commission in one sentence: a percent of each sale, or an amount per order. */
export function useCommissionLine() {
  const { t } = useTranslation();
  const format = useAffiliateFormats();
  return (
    programme: Pick<ProgrammeView, "commissionType" | "percentBasis" | "flatAmount" | "currency">,
  ) =>
    programme.commissionType === "percent"
      ? t("affiliates.terms.percent", { percent: format.percent(programme.percentBasis) })
      : t("affiliates.terms.flat", {
          amount: format.money(programme.flatAmount, programme.currency),
        });
}

/** A refused command's message: its error's text, or the generic one. */
export function useRefusal() {
  const { t } = useTranslation();
  return (answer: CommandAnswer | undefined) =>
    answer && !answer.ok ? t(errorKeyOf(answer.code ?? "")) : null;
}
