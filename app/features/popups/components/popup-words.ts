import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { PopupLayout, PopupStatus, PopupTrigger } from "../popup-shapes";

/** The owner's words for a popup's status, layout and trigger (literal keys, for the key trace). */
export function usePopupWords() {
  const { t } = useTranslation();
  const statuses: Record<PopupStatus, string> = {
    active: t("popups.screen.status.active"),
    paused: t("popups.screen.status.paused"),
  };
  const layouts: Record<PopupLayout, string> = {
    modal: t("popups.screen.layouts.modal"),
    slideIn: t("popups.screen.layouts.slideIn"),
    bar: t("popups.screen.layouts.bar"),
  };
  const triggers: Record<PopupTrigger, string> = {
    delay: t("popups.screen.triggers.delay"),
    scroll: t("popups.screen.triggers.scroll"),
    exit: t("popups.screen.triggers.exit"),
    click: t("popups.screen.triggers.click"),
  };
  return { statuses, layouts, triggers };
}

/** Conversions per view as a percent with one decimal, or a dash before the first view. */
export function useConversionRate() {
  const { t, i18n } = useTranslation();
  const percent = numberFormat(i18n.language, {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return (views: number, conversions: number) =>
    views > 0 ? percent.format(conversions / views) : t("popups.screen.noRate");
}
