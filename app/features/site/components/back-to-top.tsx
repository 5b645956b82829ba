import { useEffect, useRef, useState } from "react";
import { IconChevronUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./chrome.module.css";

/** Spec §9: the button appears after 200 px of scroll. */
const showAfter = 200;
const radius = 23;
const circumference = 2 * Math.PI * radius;

function scrollPercent(): number {
  const max = document.documentElement.scrollHeight - window.innerHeight;
  if (max <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((window.scrollY / max) * 100)));
}

/** Back to top (P16): appears after 200 px and shows how far down the page the visitor is. */
export function BackToTop() {
  const { t } = useTranslation();
  const [state, setState] = useState({ visible: false, percent: 0 });
  const frame = useRef(0);

  useEffect(() => {
    const update = () => {
      frame.current = 0;
      const next = { visible: window.scrollY > showAfter, percent: scrollPercent() };
      setState((current) =>
        current.visible === next.visible && current.percent === next.percent ? current : next,
      );
    };
    const onScroll = () => {
      frame.current ||= window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      window.cancelAnimationFrame(frame.current);
    };
  }, []);

  function toTop() {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    // Keyboard users continue from the top of the page, not from a button that disappears.
    document.getElementById("skip-to-content")?.focus({ preventScroll: true });
  }

  return (
    <button
      type="button"
      className={classes.backToTop}
      data-visible={state.visible ? "" : undefined}
      aria-label={t("chrome.backToTop")}
      data-testid="back-to-top"
      onClick={toTop}
    >
      <svg width="52" height="52" viewBox="0 0 52 52" aria-hidden="true">
        <circle
          className={classes.ringTrack}
          cx="26"
          cy="26"
          r={radius}
          fill="none"
          strokeWidth="3"
        />
        <circle
          className={classes.ringValue}
          cx="26"
          cy="26"
          r={radius}
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - state.percent / 100)}
        />
      </svg>
      <span className={classes.percent} aria-hidden="true">
        <IconChevronUp className={classes.arrow} size={16} stroke={2.7} />
        <span data-testid="back-to-top-percent">{state.percent}%</span>
      </span>
    </button>
  );
}
