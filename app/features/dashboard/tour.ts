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

/** The moves the tour's card offers; each hides the step shown now at once. */
export type Tour = {
  /** From the first step (the tour starting by itself). */
  start(): void;
  /** From the first step, forgetting the saved one (the top bar's button). */
  restart(): void;
  next(): void;
  back(): void;
  /** Skip or Escape: the tour is done and does not come back by itself. */
  stop(): void;
  /** The component leaves: a step still waiting never appears. */
  dispose(): void;
};

/**
 * Drives the steps: which one is shown, when, what the browser remembers of it and where the
 * last one leads. `onStep` gets the index shown, or null while none is.
 */
export function createTour({
  onStep,
  save,
  navigate,
}: {
  onStep: (index: number | null) => void;
  /** The saved step: its index, "done", or null to forget it. */
  save: (value: string | null) => void;
  navigate: (path: string) => void;
}): Tour {
  let shown: number | null = null;
  let pending: ReturnType<typeof setTimeout> | undefined;

  const cancel = () => {
    if (pending !== undefined) clearTimeout(pending);
    pending = undefined;
  };
  const hide = () => {
    cancel();
    if (shown === null) return;
    shown = null;
    onStep(null);
  };
  // The shell may still be moving (a drawer, a scroll): the card waits for it to settle.
  const goTo = (index: number) => {
    hide();
    pending = setTimeout(() => {
      pending = undefined;
      shown = index;
      save(String(index));
      onStep(index);
    }, TOUR_STEP_DELAY_MS);
  };
  const stop = () => {
    hide();
    save("done");
  };

  return {
    start: () => goTo(0),
    restart: () => {
      save(null);
      goTo(0);
    },
    next: () => {
      if (shown === null) return;
      if (shown < tourSteps.length - 1) return goTo(shown + 1);
      stop();
      navigate(TOUR_END_PATH);
    },
    back: () => {
      if (shown !== null && shown > 0) goTo(shown - 1);
    },
    stop,
    dispose: cancel,
  };
}
