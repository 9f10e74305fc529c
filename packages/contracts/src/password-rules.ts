import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_CRITERIA, PASSWORD_MIN_LENGTH } from './constants';
import type { TErrorCode } from './errors';

/**
 * The password rule of spec section 5 and DECISIONS "password rule", shared by the server (which decides) and the
 * web app (which shows a live checklist). The common-password list is checked on the server only.
 */
export type TPasswordCriterion = 'lowercase' | 'uppercase' | 'digit' | 'special';

export const effectiveMinLength = (clientMin: number | null | undefined): number =>
  Math.max(PASSWORD_MIN_LENGTH, clientMin ?? PASSWORD_MIN_LENGTH);

export function passwordCriteria(password: string): Record<TPasswordCriterion, boolean> {
  return {
    lowercase: /\p{Ll}/u.test(password),
    uppercase: /\p{Lu}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    special: /[^\p{L}\p{Nd}]/u.test(password),
  };
}

export interface TPasswordContext {
  minLength: number;
  identities: ReadonlyArray<string | null | undefined>;
}

/** Returns the first broken rule, or undefined when the password is acceptable (common list aside). */
export function checkPasswordRules(password: string, ctx: TPasswordContext): TErrorCode | undefined {
  const length = [...password].length;
  if (length < effectiveMinLength(ctx.minLength)) return 'password_too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  const met = Object.values(passwordCriteria(password)).filter(Boolean).length;
  if (met < PASSWORD_MIN_CRITERIA) return 'password_too_weak';
  const lower = password.toLowerCase();
  for (const identity of ctx.identities) {
    if (!identity) continue;
    const local = identity.toLowerCase().split('@')[0] ?? '';
    if (lower.includes(identity.toLowerCase()) || (local.length >= 3 && lower.includes(local)))
      return 'password_contains_identity';
  }
  return undefined;
}
