import { z } from 'zod';

// Issue 30 point 1, validity and recertification: a course (or a training, overriding its course) is valid for N
// months after completion, or for ever; N days before it ends, the renewal window opens and the training starts a
// new cycle for that person.

export const VALIDITY_MONTHS_MAX = 240;
export const RENEWAL_DAYS_MAX = 365;

/** `months` null: valid for ever (no recertification). `renewalDays`: how long before the end the window opens. */
export const ZValidity = z.object({
  months: z.number().int().min(1).max(VALIDITY_MONTHS_MAX).nullable(),
  renewalDays: z.number().int().min(0).max(RENEWAL_DAYS_MAX),
});
export type TValidity = z.infer<typeof ZValidity>;

export const NO_VALIDITY: TValidity = { months: null, renewalDays: 30 };

/**
 * What a completion, a certificate or a participant stands at: valid (completed, window not yet open), expiring
 * (the window is open and the old completion still holds), expired (it ended without a renewal).
 */
export const VALIDITY_STATES = ['valid', 'expiring', 'expired'] as const;
export const ZValidityState = z.enum(VALIDITY_STATES);
export type TValidityState = z.infer<typeof ZValidityState>;

/** The end of a completion's validity: `months` calendar months after it (clamped to the month's last day). */
export function validUntilOf(completedAt: string, months: number): string {
  const d = new Date(completedAt);
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

/** When the renewal window of a validity ending at `validUntil` opens. */
export const renewalOpensAtOf = (validUntil: string, renewalDays: number): string =>
  new Date(Date.parse(validUntil) - renewalDays * 86_400_000).toISOString();

/** The state at `now` of a completion valid until `validUntil` whose window opens at `renewalOpensAt`. */
export function validityStateOf(
  v: { validUntil: string | null; renewalOpensAt: string | null; expired: boolean },
  now: string,
): TValidityState | null {
  if (v.expired) return 'expired';
  if (!v.validUntil) return null;
  if (v.validUntil <= now) return 'expired';
  if (v.renewalOpensAt && v.renewalOpensAt <= now) return 'expiring';
  return 'valid';
}
