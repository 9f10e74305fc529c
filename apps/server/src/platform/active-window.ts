/**
 * Active flag plus the optional active-from/to window (spec section 3 "User (admin view)"): one rule for the
 * login, every request's session check (hardening issue, point 5) and the user lists. `today` is YYYY-MM-DD (UTC).
 */
export function isUserActiveOn(
  u: { is_active: boolean; active_from: string | null; active_to: string | null },
  today: string,
): boolean {
  if (!u.is_active) return false;
  if (u.active_from && today < u.active_from) return false;
  if (u.active_to && today > u.active_to) return false;
  return true;
}
