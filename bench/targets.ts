/**
 * What "uncached renders per second" loads, with issue 12's baseline (req/s, one process,
 * PGlite, measured before the issue's work) and its goal of twice that. Later issues add their
 * hot paths here.
 */
export type RenderTarget = {
  name: string;
  /** A page found by `demoPages` ("home", "post", "course"), or a fixed path. */
  page?: string;
  path?: string;
  /** Sent with the demo owner's session cookie; else anonymous with a unique query string. */
  signedIn: boolean;
  baseline: number;
};

export const renderTargets: RenderTarget[] = [
  { name: "home", page: "home", signedIn: false, baseline: 45 },
  { name: "post", page: "post", signedIn: false, baseline: 47 },
  { name: "/dashboard (owner)", path: "/dashboard", signedIn: true, baseline: 27 },
];

export const renderGoalFactor = 2;
