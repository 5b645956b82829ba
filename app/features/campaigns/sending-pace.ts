// How a campaign leaves: its sender line, and the pace the relay allows (decision 055).

/** `Site name <address of the platform's sender>`: replies and reputation stay the platform's. */
export function senderOf(platformFrom: string, siteName: string): string {
  const address = /<([^>]+)>/.exec(platformFrom)?.[1] ?? platformFrom.trim();
  return `"${siteName.replace(/["\\\r\n]/g, "")}" <${address}>`;
}

/** Paces sends to the relay: halves its rate when told to slow down, creeps back up after. */
export function createPacer(maxRate: number, now: () => number = Date.now) {
  let rate = maxRate > 0 ? maxRate : Infinity;
  let next = now();
  let quietSince = now();
  return {
    get rate() {
      return rate;
    },
    /** Milliseconds to wait before the next message may go. */
    wait(): number {
      if (!Number.isFinite(rate)) return 0;
      const at = now();
      const delay = Math.max(0, next - at);
      next = Math.max(next, at) + 1000 / rate;
      return delay;
    },
    slowDown() {
      const floor = 1;
      rate = Math.max(floor, (Number.isFinite(rate) ? rate : 200) / 2);
      quietSince = now();
    },
    /** After 10 s without a slow-down, 10 % more, up to the cap. */
    settle() {
      if (Number.isFinite(rate) && now() - quietSince > 10_000) {
        rate = maxRate > 0 ? Math.min(maxRate, rate * 1.1) : rate * 1.1;
        if (maxRate <= 0 && rate > 5000) rate = Infinity;
        quietSince = now();
      }
    },
  };
}

export type Pacer = ReturnType<typeof createPacer>;
