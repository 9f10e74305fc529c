import { ScormPackageError } from './package-error';

// Launch URLs. A resource's href is relative to the xml:base of its <resource>, which is relative to the
// <resources> base, then the <manifest> base, then the package root (IMS CP 1.1.4, xml:base per XML Base / RFC 3986).
// Resolving against a placeholder origin lets the WHATWG URL parser do the RFC 3986 work; it also clamps `..`
// at the root, so no href can climb out of the package.

const PACKAGE_ROOT = 'https://package.invalid/';
const packageOrigin = new URL(PACKAGE_ROOT).origin;

export type ResolvedHref = {
  /** Relative to the package root (percent-encoded, with query and fragment), or an absolute http(s) URL. */
  url: string;
  /** The decoded file path inside the package; null when the URL points outside it. */
  packagePath: string | null;
};

export function resolveHref(bases: ReadonlyArray<string | undefined>, href: string, subject: string): ResolvedHref {
  let resolved: URL;
  try {
    const base = bases.reduce<URL>((acc, b) => (b ? new URL(b, acc) : acc), new URL(PACKAGE_ROOT));
    resolved = new URL(href, base);
  } catch {
    throw new ScormPackageError(
      'manifest_launch_unsafe',
      `Resource "${subject}" has an unreadable href "${href}".`,
      subject,
    );
  }
  if (resolved.origin === packageOrigin) {
    const url = resolved.pathname.slice(1) + resolved.search + resolved.hash;
    return { url, packagePath: safeDecode(resolved.pathname.slice(1)) };
  }
  // Content may live elsewhere on the web, but never behind a script or data scheme.
  if (resolved.protocol === 'http:' || resolved.protocol === 'https:') return { url: resolved.href, packagePath: null };
  throw new ScormPackageError(
    'manifest_launch_unsafe',
    `Resource "${subject}" launches "${href}"; only files in the package or http(s) URLs are accepted.`,
    subject,
  );
}

// A malformed escape cannot name a real file; keeping it undecoded makes the existence check fail as it should.
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Appends an item's `parameters` to its resource's URL, following the rule in the SCORM 2004 CAM (item
 * parameters): drop leading '?' and '&'; a '#fragment' is appended only if the URL has none yet; otherwise
 * join with '&' when the URL already has a query, else with '?'. Unlike a naive append, the query goes before
 * any fragment the URL already carries, since text after '#' never reaches the server or location.search.
 */
export function appendItemParameters(url: string, parameters: string | undefined): string {
  const params = (parameters ?? '').trim().replace(/^[?&]+/, '');
  if (params === '') return url;
  const hashAt = url.indexOf('#');
  const path = hashAt === -1 ? url : url.slice(0, hashAt);
  const urlHash = hashAt === -1 ? '' : url.slice(hashAt);
  if (params.startsWith('#')) return urlHash === '' ? url + params : url;
  const paramsHashAt = params.indexOf('#');
  const query = paramsHashAt === -1 ? params : params.slice(0, paramsHashAt);
  const paramsHash = paramsHashAt === -1 ? '' : params.slice(paramsHashAt);
  const joiner = !path.includes('?') ? '?' : path.endsWith('?') || path.endsWith('&') ? '' : '&';
  return path + joiner + query + (urlHash || paramsHash);
}
