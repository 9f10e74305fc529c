import { badRequest } from '../../platform/errors';
import { contentHostOf } from '../../platform/tenant';

/** One DNS label: letters, digits and inner hyphens, at most 63 characters (RFC 1123). */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Spec section 3: the platform domain is stored without protocol, port or trailing slash. Whatever the form was
 * given (`https://Acme.example:443/`, `acme.example/`, `ACME.example`) becomes the bare lower-case host name
 * (`acme.example`), the form the tenant resolver compares with the Host header (platform/tenant.ts). Anything that
 * does not name a host (a user name, an IPv6 literal, empty labels, spaces) is refused.
 */
export function normalisePlatformDomain(input: string): string {
  const text = input.trim();
  const invalid = () => badRequest('platform_domain_invalid', { fields: [{ field: 'body.platformDomain' }] });
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return invalid();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return invalid();
  if (url.username || url.password) return invalid();
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!host || host.length > 253 || host.startsWith('[')) return invalid();
  if (!host.split('.').every((label) => LABEL.test(label))) return invalid();
  return host;
}

/** The content origin's host is never a client's: that client's `auth` cookie would reach SCORM content. */
export function assertNotContentHost(domain: string, contentOrigin: string): void {
  if (domain === contentHostOf(contentOrigin)) badRequest('platform_domain_content_origin');
}
