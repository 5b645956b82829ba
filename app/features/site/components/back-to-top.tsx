import { useEffect, useRef } from "react";
import { IconChevronUp } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ringCircumference, ringRadius, scrollToTop, watchBackToTop } from "../back-to-top";
import classes from "./chrome.module.css";

/**
 * Back to top (P16): appears after 200 px and shows how far down the page the visitor is. The
 * scrolling is followed by back-to-top.ts, from this effect in the app and from its enhancer on
 * an island page, so the markup here is what the server sends both.
 */
export function BackToTop() {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => (ref.current ? watchBackToTop(ref.current) : undefined), []);

  return (
    <button
      ref={ref}
      type="button"
      className={classes.backToTop}
      aria-label={t("chrome.backToTop")}
      data-testid="back-to-top"
      data-enhance="back-to-top"
      onClick={scrollToTop}
    >
      <svg width="52" height="52" viewBox="0 0 52 52" aria-hidden="true">
        <circle
          className={classes.ringTrack}
          cx="26"
          cy="26"
          r={ringRadius}
          fill="none"
          strokeWidth="3"
        />
        <circle
          className={classes.ringValue}
          cx="26"
          cy="26"
          r={ringRadius}
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray={ringCircumference}
          strokeDashoffset={ringCircumference}
          data-ring
        />
      </svg>
      <span className={classes.percent} aria-hidden="true">
        <IconChevronUp className={classes.arrow} size={16} stroke={2.7} />
        <span data-testid="back-to-top-percent" data-percent>
          0%
        </span>
      </span>
    </button>
  );
}
