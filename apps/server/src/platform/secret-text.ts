import { inspect } from 'node:util';

/** What stands in a stored or shown text where a secret was: "…" (DECISIONS "reset and activation links"). */
export const REDACTION_MARK = '…';

/** The value, and the secret at its core (the token inside a link), kept out of the object's own properties. */
const values = new WeakMap<SecretText, { value: string; core: string }>();

/**
 * A text with a secret in it (a one-time token, a link carrying one). Every ordinary way of turning it into a string
 * (template strings, String(), JSON, logging, util.inspect) gives only its redacted form, so a secret that slips
 * into a stored text, an API answer or a log line arrives there redacted. Only `revealSecret` reads the value;
 * the mail queue calls it to seal the secret, the mail worker opens the sealed form at delivery.
 */
export class SecretText {
  constructor(
    value: string,
    /** The form that may be stored and shown, e.g. `https://host/reset-password?token=…`. */
    readonly redacted: string,
    core = value,
  ) {
    if (value === redacted || !core || !value.includes(core)) throw new Error('not a usable secret');
    values.set(this, { value, core });
  }

  /** A secret whose whole value is hidden: `…`. */
  static of(value: string): SecretText {
    return new SecretText(value, REDACTION_MARK);
  }

  /** The same secret inside a larger text: `prefix + secret + suffix`, redacted the same way. */
  wrap(prefix: string, suffix = ''): SecretText {
    const own = secretOf(this);
    return new SecretText(`${prefix}${own.value}${suffix}`, `${prefix}${this.redacted}${suffix}`, own.core);
  }

  toString(): string {
    return this.redacted;
  }

  toJSON(): string {
    return this.redacted;
  }

  [inspect.custom](): string {
    return `SecretText(${this.redacted})`;
  }
}

export const isSecretText = (v: unknown): v is SecretText => v instanceof SecretText;

function secretOf(s: SecretText) {
  const v = values.get(s);
  if (v === undefined) throw new Error('not a SecretText');
  return v;
}

/** The secret's value: only where it must leave in clear (sealed into the mail queue, checked as a hash). */
export const revealSecret = (s: SecretText): string => secretOf(s).value;

/** Whether a text holds the secret (its core: the token even without its link) in clear. */
export const containsSecret = (text: string, s: SecretText): boolean => text.includes(secretOf(s).core);
