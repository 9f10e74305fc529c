import type { TModuleStatus, TSuccessStatus } from '@lms/contracts/scorm-runtime';
import type { PlayerLaunchable } from '../modules';
import type { Score } from './cmi-score';

// What the server does with a SCORM version's CMI data: check a commit against the data model's limits and
// vocabularies, say what it means for the item's status, and build the values a fresh API starts with.

export type CommitCheck =
  | { ok: false; errorCode: number; element: string; message: string }
  | {
      ok: true;
      /** What the next launch restores: write-only and LMS-owned elements left out. */
      saved: Record<string, unknown>;
      status: TModuleStatus;
      success: TSuccessStatus;
      exit: string;
      /** session_time of the committing API instance, in centiseconds. */
      sessionCs: number;
      /** Issue 31 point 1: the score the commit reports. */
      score: Score;
    };

export type LaunchContext = {
  learnerId: string;
  learnerName: string;
  credit: 'credit' | 'no-credit';
  entry: 'ab-initio' | 'resume' | '';
  totalCs: number;
  launchable: PlayerLaunchable;
};

export interface CmiModel {
  checkCommit(cmi: Record<string, unknown>): CommitCheck;
  initialCmi(saved: Record<string, unknown> | undefined, ctx: LaunchContext): Record<string, unknown>;
}

export type Obj = Record<string, unknown>;

export const objectAt = (value: unknown): Obj =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};

/** A CMI element as the API renders it: a string, '' when absent. Numbers are accepted as their text. */
export const textAt = (obj: Obj, key: string): string | undefined => {
  const v = obj[key];
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
};

export const without = (obj: Obj, keys: readonly string[]): Obj =>
  Object.fromEntries(Object.entries(obj).filter(([k]) => !keys.includes(k)));

/** '' or a decimal within [min, max]: 'type' when it is no number, 'range' when it is outside. */
export function checkDecimal(value: string | undefined, min: number, max: number): 'ok' | 'type' | 'range' {
  if (value === undefined) return 'type';
  if (value === '') return 'ok';
  if (!/^-?\d+(\.\d+)?$/.test(value)) return 'type';
  const n = Number(value);
  return n < min || n > max ? 'range' : 'ok';
}
