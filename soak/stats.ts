/**
 * What the soak saw: every request's type, start, duration and outcome, and the fault windows. The table at the end
 * (count, errors, p50, p95, p99 per request type) and the error count outside the fault windows come from here.
 */

export interface Sample {
  type: string;
  at: number;
  ms: number;
  /** The HTTP status; 0 when the connection failed (refused, reset, timed out). */
  status: number;
}

export interface FaultWindow {
  name: string;
  start: number;
  /** When the fault itself ended (the process restarted, the database or bucket is back). */
  end: number;
  /** When requests succeeded again after it (every type that failed in the window answered once more). */
  recoveredAt?: number;
}

/** A failure for the acceptance: a dropped connection or a 5xx (a 4xx is an answer the harness asked for). */
export const isFailure = (s: Pick<Sample, 'status'>): boolean => s.status === 0 || s.status >= 500;

/** The grace after a fault's end in which late failures still count as its cost (a retry in flight, a lease). */
const GRACE_MS = 15_000;

export class Stats {
  readonly samples: Sample[] = [];
  readonly faults: FaultWindow[] = [];

  record(sample: Sample): void {
    this.samples.push(sample);
  }

  openFault(name: string): FaultWindow {
    const w: FaultWindow = { name, start: Date.now(), end: Number.POSITIVE_INFINITY };
    this.faults.push(w);
    return w;
  }

  /**
   * The fault window a sample overlaps (with its grace), if any: one that started in it, or one in flight when it
   * began (a request on a process killed under it is the fault's cost, though it started a moment before).
   */
  windowOf(s: Sample): FaultWindow | undefined {
    // Windows may overlap (a restart slower than the gap to the next fault): the latest one started is the cause.
    return [...this.faults].reverse().find((w) => s.at + s.ms >= w.start && s.at <= w.end + GRACE_MS);
  }

  /** Failures outside every fault window: the acceptance wants none. */
  failuresOutsideFaults(): Sample[] {
    return this.samples.filter((s) => isFailure(s) && !this.windowOf(s));
  }

  /** Each fault's cost: failed requests in its window and seconds from its start until requests succeeded again. */
  faultReport(): { fault: string; 'failed requests': number; 'outage s': string; 'recovery s': string }[] {
    return this.faults.map((w) => {
      const inside = this.samples.filter((s) => this.windowOf(s) === w);
      const failed = inside.filter(isFailure);
      const lastFailure = Math.max(
        w.end === Number.POSITIVE_INFINITY ? w.start : w.end,
        ...failed.map((s) => s.at + s.ms),
      );
      const firstOkAfter = this.samples
        .filter((s) => !isFailure(s) && s.at >= lastFailure)
        .reduce((min, s) => Math.min(min, s.at + s.ms), Number.POSITIVE_INFINITY);
      const recovered = failed.length === 0 ? w.start : firstOkAfter;
      return {
        fault: w.name,
        'failed requests': failed.length,
        'outage s': ((w.end - w.start) / 1000).toFixed(1),
        'recovery s': Number.isFinite(recovered) ? ((recovered - w.start) / 1000).toFixed(1) : 'never',
      };
    });
  }

  /** Count, errors (5xx and dropped), 4xx, p50/p95/p99 in ms per request type. */
  table(): Record<string, string | number>[] {
    const byType = new Map<string, Sample[]>();
    for (const s of this.samples) {
      const list = byType.get(s.type);
      if (list) list.push(s);
      else byType.set(s.type, [s]);
    }
    return [...byType.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, list]) => {
        const ms = list.map((s) => s.ms).sort((a, b) => a - b);
        const q = (p: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] ?? 0);
        return {
          type,
          count: list.length,
          errors: list.filter(isFailure).length,
          'outside faults': list.filter((s) => isFailure(s) && !this.windowOf(s)).length,
          '4xx': list.filter((s) => s.status >= 400 && s.status < 500).length,
          'p50 ms': q(50),
          'p95 ms': q(95),
          'p99 ms': q(99),
        };
      });
  }
}
