/**
 * What "uncached renders per second" loads, with issue 12's baseline (req/s, one process,
 * PGlite, measured before the issue's work) and its goal of twice that. Later issues add their
 * hot paths here.
 */
export type RenderTarget = {
  name: string;
  /**
   * A page found by `demoPages` ("home", "post", "course"), a fixed path, or a course's player:
   * its `/learn` address, which answers the person's next lesson with a redirect.
   */
  page?: string;
  path?: string;
  playerOf?: string;
  /** Sent with this demo person's session cookie; else anonymous with a unique query string. */
  signedIn: boolean;
  person?: "owner" | "student";
  baseline: number;
};

export const renderTargets: RenderTarget[] = [
  { name: "home", page: "home", signedIn: false, baseline: 45 },
  { name: "post", page: "post", signedIn: false, baseline: 47 },
  { name: "/dashboard (owner)", path: "/dashboard", signedIn: true, baseline: 27 },
  // Issue 32: the student's lesson in the demo's part-done course, measured before the issue's
  // work on this machine (37–46 req/s over two runs); /dashboard measured 24–27 then.
  {
    name: "course player (student)",
    playerOf: "design-foundations",
    signedIn: true,
    person: "student",
    baseline: 42,
  },
];

export const renderGoalFactor = 2;
