/**
 * `?a=1&b=x` from the set values only (undefined, null and empty strings are left out), or '' when none is set.
 * `unknown` because some list queries' page fields are coerced by zod (typed unknown); every value is a string, a
 * number or a boolean.
 */
export function queryString(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v !== '')) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
