// Headers of the content origin (ARCHITECTURE section 6). The token names the client, so frame-ancestors can name the
// client's app. The app's origin is its platform domain (stored without scheme or port); the scheme and port it is
// served on are a deployment matter (http on localhost:3000 in development, https on 443 behind a proxy), so both
// schemes and any port of exactly that host name are allowed. No other host can frame the player or the content.

/** A platform domain as CSP host-source, or undefined when it holds anything a host name may not. */
const cspHost = (domain: string): string | undefined =>
  /^[a-z0-9.-]+$/i.test(domain) ? domain.toLowerCase() : undefined;

export function appAncestors(platformDomain: string): string {
  const host = cspHost(platformDomain);
  return host ? `http://${host}:* https://${host}:*` : "'none'";
}

/** The player page: its own scripts and styles only, no inline script, frames only from its own origin. */
export function playerCsp(platformDomain: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
    `frame-ancestors ${appAncestors(platformDomain)}`,
  ].join('; ');
}

/**
 * Package files are the author's own pages, scripts and media; they keep whatever they need to run, but may only be
 * framed by the player ('self') inside the client's app: frame-ancestors checks every ancestor.
 */
export const packageCsp = (platformDomain: string): string => `frame-ancestors 'self' ${appAncestors(platformDomain)}`;

/** The host (with port) the content origin is reached on; a request for any other host name is misdirected. */
export const contentHost = (contentOrigin: string): string => new URL(contentOrigin).host.toLowerCase();
