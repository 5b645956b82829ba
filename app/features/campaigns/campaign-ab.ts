/*
 * A/B subjects judged by clicks (issue 33; Mautic #1752, #7351 judged by opens, which image
 * proxies and privacy features now make up). Each subject's click rate is the share of the
 * sample's delivered messages whose reader clicked a link at least once (machine clicks are
 * never counted: `recordClick`). The two rates are compared with a two-proportion z-test.
 */

export type VariantTally = { sent: number; clicked: number };

export type AbVerdict = {
  winner: "a" | "b";
  /** How sure the test is that the two click rates differ (1 − the two-sided p-value). */
  confidence: number;
  /** At or past 95 %: the difference is taken as real; below, the winner is only the likelier. */
  significant: boolean;
};

export const AB_SIGNIFICANCE = 0.95;

/** The standard normal distribution's CDF (Abramowitz & Stegun 7.1.26: error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * The subject with the higher click rate wins; equal rates (no clicks at all, say) keep A, the
 * campaign's own subject. The confidence says how much that choice can be trusted.
 */
export function abVerdict(a: VariantTally, b: VariantTally): AbVerdict {
  const rateA = a.sent ? a.clicked / a.sent : 0;
  const rateB = b.sent ? b.clicked / b.sent : 0;
  const winner = rateB > rateA ? "b" : "a";
  if (!a.sent || !b.sent) return { winner, confidence: 0, significant: false };
  const pooled = (a.clicked + b.clicked) / (a.sent + b.sent);
  const spread = Math.sqrt(pooled * (1 - pooled) * (1 / a.sent + 1 / b.sent));
  if (spread === 0) return { winner, confidence: 0, significant: false };
  const z = (rateA - rateB) / spread;
  // To six places: the CDF's approximation is good to 1.5e-7, no further.
  const confidence =
    Math.round(Math.max(0, Math.min(1, 2 * normalCdf(Math.abs(z)) - 1)) * 1e6) / 1e6;
  return { winner, confidence, significant: confidence >= AB_SIGNIFICANCE };
}

/**
 * How many contacts get each subject first: half the sample each, at least one each, and the
 * test only when the audience has someone left for the winner.
 */
export function abSampleSize(audience: number, samplePercent: number): number {
  if (samplePercent <= 0 || audience < 3) return 0;
  const each = Math.max(1, Math.floor((audience * samplePercent) / 200));
  return each * 2 < audience ? each : 0;
}
