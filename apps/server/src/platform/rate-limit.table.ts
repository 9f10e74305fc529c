/** One count of a request limit (platform/rate-limit.ts): calls of `subject` to `bucket` in the window from `window_start`. */
export interface RateLimitHitsTable {
  bucket: string;
  /** Who is counted: the client IP for the login limit. */
  subject: string;
  window_start: string;
  hits: number;
}
