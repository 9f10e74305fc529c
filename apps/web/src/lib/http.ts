// Small helpers around the API's requests and answers, for every feature's api/ files (issue 29: one copy each).
// One module on purpose: the lazy pages share it as one chunk, one entry fewer in the first visit's preload map.

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

/** Hands a fetched file to the browser as a download through a link it clicks. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
