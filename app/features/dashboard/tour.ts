/**
 * D4: the guided tour's steps and rules. Eleven steps, shown 200 ms apart (the shell may be
 * moving), ending on the site's /about page. It starts by itself on the dashboard home when the
 * account is onboarding and this browser has no saved step; restarting clears the saved step.
 */
export const TOUR_STEP_KEY = "tour_step";
export const TOUR_STEP_DELAY_MS = 200;
export const TOUR_END_PATH = "/about";

/** Each step's i18n key (dashboard.tour.<id>) and the element it points at, when shown. */
export const tourSteps = [
  { id: "welcome", target: null },
  { id: "sidebar", target: "sidebar" },
  { id: "home", target: "home" },
  { id: "create", target: "quick-create" },
  { id: "viewSite", target: "view-site" },
  { id: "docs", target: "documentation" },
  { id: "online", target: "online" },
  { id: "notifications", target: "notifications" },
  { id: "theme", target: "theme" },
  { id: "account", target: "account" },
  { id: "finish", target: null },
] as const;

export function shouldAutoStart({
  onboard,
  savedStep,
  pathname,
}: {
  onboard: boolean;
  savedStep: string | null;
  pathname: string;
}): boolean {
  return onboard && savedStep === null && pathname.replace(/\/+$/, "") === "/dashboard";
}
