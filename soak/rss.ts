import { readFileSync } from 'node:fs';
import type { Slot } from './stack';

/** Resident memory of each server process over time (from /proc, Linux), and its chart as an SVG file. */
export interface RssPoint {
  slot: number;
  /** The process in the slot at that moment: a restart (the kill fault) puts another one there. */
  pid: number;
  at: number;
  mb: number;
}

function rssMb(pid: number | undefined): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export function sampleRss(slots: readonly Slot[], everyMs: number): { points: RssPoint[]; stop: () => void } {
  const points: RssPoint[] = [];
  const take = () => {
    for (const s of slots) {
      const pid = s.proc?.child.pid;
      const mb = rssMb(pid);
      if (mb !== null && pid !== undefined) points.push({ slot: s.index, pid, at: Date.now(), mb });
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return { points, stop: () => clearInterval(timer) };
}

/**
 * Growth per process after warm-up: the mean of the last tenth of the run against the mean of the tenth after the
 * first fifth (a restarted process starts again from its restart). `floor` compares the lowest sample of the same two
 * tenths: RSS climbs between V8's major collections and drops at each, so a mean depends on where in that saw a tenth
 * falls, while the floor is what the process keeps after a collection, the figure that shows retained memory.
 */
export function rssGrowth(
  points: readonly RssPoint[],
  slots: number,
): {
  process: number;
  'warm MB': number;
  'end MB': number;
  growth: string;
  'warm floor MB': number;
  'end floor MB': number;
  'floor growth': string;
}[] {
  const rows = [];
  const percent = (from: number, to: number) => `${(((to - from) / from) * 100).toFixed(1)}%`;
  for (let slot = 0; slot < slots; slot++) {
    const inSlot = points.filter((p) => p.slot === slot);
    const last = inSlot.at(-1)?.pid;
    const mine = inSlot.filter((p) => p.pid === last);
    if (mine.length < 10) continue;
    const mean = (list: RssPoint[]) => list.reduce((n, p) => n + p.mb, 0) / Math.max(1, list.length);
    const floor = (list: RssPoint[]) => Math.min(...list.map((p) => p.mb));
    const tenth = Math.max(1, Math.floor(mine.length / 10));
    const warmTenth = mine.slice(2 * tenth, 3 * tenth);
    const endTenth = mine.slice(-tenth);
    const [warm, end] = [mean(warmTenth), mean(endTenth)];
    const [warmFloor, endFloor] = [floor(warmTenth), floor(endTenth)];
    rows.push({
      process: slot,
      'warm MB': Math.round(warm),
      'end MB': Math.round(end),
      growth: percent(warm, end),
      'warm floor MB': Math.round(warmFloor),
      'end floor MB': Math.round(endFloor),
      'floor growth': percent(warmFloor, endFloor),
    });
  }
  return rows;
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];

/** A line per process, MB over minutes, with the fault windows shaded. Hand-written: a few lines of SVG. */
export function rssSvg(
  points: readonly RssPoint[],
  faults: readonly { name: string; start: number; end: number }[],
): string {
  const W = 800;
  const H = 400;
  const pad = { l: 60, r: 140, t: 30, b: 40 };
  const t0 = Math.min(...points.map((p) => p.at));
  const t1 = Math.max(...points.map((p) => p.at), t0 + 1);
  const maxMb = Math.max(100, ...points.map((p) => p.mb)) * 1.1;
  const x = (at: number) => pad.l + ((at - t0) / (t1 - t0)) * (W - pad.l - pad.r);
  const y = (mb: number) => H - pad.b - (mb / maxMb) * (H - pad.t - pad.b);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${pad.l}" y="18">RSS per server process (MB) over the soak (minutes)</text>`,
  ];
  for (const f of faults) {
    const end = Number.isFinite(f.end) ? f.end : t1;
    parts.push(
      `<rect x="${x(f.start)}" y="${pad.t}" width="${Math.max(2, x(end) - x(f.start))}" height="${H - pad.t - pad.b}" fill="#f5c6cb" opacity="0.6"/>`,
      `<text x="${x(f.start) + 2}" y="${pad.t + 12}" font-size="10">${f.name}</text>`,
    );
  }
  for (let i = 0; i <= 5; i++) {
    const mb = (maxMb / 5) * i;
    parts.push(
      `<line x1="${pad.l}" x2="${W - pad.r}" y1="${y(mb)}" y2="${y(mb)}" stroke="#ddd"/>`,
      `<text x="${pad.l - 6}" y="${y(mb) + 4}" text-anchor="end">${Math.round(mb)}</text>`,
    );
    const at = t0 + ((t1 - t0) / 5) * i;
    parts.push(
      `<text x="${x(at)}" y="${H - pad.b + 16}" text-anchor="middle">${((at - t0) / 60_000).toFixed(1)}</text>`,
    );
  }
  const slots = [...new Set(points.map((p) => p.slot))].sort();
  for (const slot of slots) {
    const colour = COLOURS[slot % COLOURS.length];
    const line = points
      .filter((p) => p.slot === slot)
      .map((p) => `${x(p.at).toFixed(1)},${y(p.mb).toFixed(1)}`)
      .join(' ');
    parts.push(
      `<polyline fill="none" stroke="${colour}" stroke-width="1.5" points="${line}"/>`,
      `<text x="${W - pad.r + 10}" y="${pad.t + 16 * (slot + 1)}" fill="${colour}">process ${slot}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n');
}
