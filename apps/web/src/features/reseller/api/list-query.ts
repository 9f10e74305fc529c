/** A query string of the defined, non-empty values (`?a=1&b=x`, or '' when there are none). */
export function listQuery(values: Record<string, unknown>): string {
  const entries = Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => [k, String(v as string | number)]);
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : '';
}
