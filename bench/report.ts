// How the bench prints: detailed tables per section as it goes, then one summary of every
// figure of issues 12 and 32 with its goal, its value before the change that set that goal
// (where one was measured), its peer measured in the same run (where one applies) and whether
// the goal is met. Figures only: a bench never fails on a missed goal.

export type Print = (title: string, rows: string[][]) => void;

export type Figure = {
  figure: string;
  /** The value as printed, or why it could not be measured ("n/a (…)"). */
  measured: string;
  goal: string;
  /**
   * The figure as last measured before the work its goal belongs to (issue 32's islands:
   * "429 KB"), so a run shows how far it moved; absent where nothing was measured then.
   */
  before?: string;
  /** The peer or baseline and the ratio to it, e.g. "nginx 9 800 req/s → 0.62×". */
  peer?: string;
  /** null when nothing was measured or the figure has no goal. */
  met: boolean | null;
};

export const print: Print = (title, rows) => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  console.log(`\n${title}\n`);
  for (const row of rows) {
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    );
  }
};

const figures: Figure[] = [];

export function record(figure: Figure) {
  figures.push(figure);
}

/** A figure that could not be measured in this run, and why. */
export function notMeasured(figure: string, goal: string, why: string) {
  record({ figure, measured: `n/a (${why})`, goal, met: null });
}

export const atMost = (value: number, limit: number) => value <= limit;
export const atLeast = (value: number, limit: number) => value >= limit;

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
export const perSecond = (value: number) => `${value.toFixed(0)} req/s`;
export const ratio = (value: number) => `${value.toFixed(2)}×`;
export const mb = (value: number) => `${value.toFixed(0)} MB`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

export function printSummary() {
  if (figures.length === 0) return;
  const met = (value: boolean | null) => (value === null ? "—" : value ? "yes" : "NO");
  print("Summary (issues 12 and 32 goals; one noisy machine: read ratios before absolutes)", [
    ["figure", "measured", "goal", "before", "peer/ratio", "met?"],
    ...figures.map((f) => [f.figure, f.measured, f.goal, f.before ?? "", f.peer ?? "", met(f.met)]),
  ]);
  const counted = figures.filter((f) => f.met !== null);
  console.log(
    `\n${counted.filter((f) => f.met).length} of ${counted.length} measured goals met` +
      `; ${figures.length - counted.length} figure(s) without a verdict.`,
  );
}
