import { createHash } from 'node:crypto';
import { DEFAULT_COLOURS, type TClientColours } from '@lms/contracts/client';
import type { Db } from '../db/database';
import { Lru } from './lru';

/** The client a request belongs to, resolved from its Host (ARCHITECTURE section 4). */
export interface Tenant {
  id: string;
  name: string;
  platformDomain: string;
  isPlatformActive: boolean;
  platformStart: string | null;
  platformEnd: string | null;
  minPasswordLength: number;
  supportEmail: string | null;
  resellerClientId: string | null;
  colours: TClientColours;
  /**
   * Changes with every new logo (each upload gets a fresh storage key), so the public logo URL can carry it and a
   * browser never shows a replaced logo from its cache. A digest, since no caller sees a storage path.
   */
  logoVersion: string | null;
  imprintType: string | null;
  privacyPolicyType: string | null;
  isEntraEnabled: boolean;
  emailFooter: string | null;
}

/** Host header to the stored form of a platform domain: no port, no trailing dot, lower case. */
export function normaliseHost(host: string | undefined): string {
  if (!host) return '';
  const h = host.trim().toLowerCase();
  const withoutPort = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d+$/, '');
  return withoutPort.replace(/\.$/, '');
}

/** The host name of the content origin (CONTENT_ORIGIN), in the stored form of a platform domain. */
export function contentHostOf(contentOrigin: string): string {
  return normaliseHost(new URL(contentOrigin).hostname);
}

/**
 * Names of the clients whose platform domain is the content origin's host name: a misconfiguration, since cookies
 * ignore ports and that client's `auth` cookie would reach the SCORM content (ARCHITECTURE section 6).
 */
export async function clientsOnContentHost(db: Db, contentOrigin: string): Promise<string[]> {
  const rows = await db
    .selectFrom('clients')
    .select('name')
    .where('platform_domain', '=', contentHostOf(contentOrigin))
    .orderBy('name')
    .execute();
  return rows.map((r) => r.name);
}

const CACHE_MS = 10_000;
/** Hosts kept: the clients' domains, and apart from them the unknown names a Host header can carry. */
const KNOWN_HOSTS_KEPT = 10_000;
const UNKNOWN_HOSTS_KEPT = 1_000;

/**
 * Every API call needs its tenant; a short in-process cache keeps that from being a query per request. Writes to a
 * client call `forget()` so the process that made the change sees it at once; others within CACHE_MS.
 *
 * The content origin's host name never resolves to a client, even when a client's platform domain says so: the app
 * must not answer there as that client, or its `auth` cookie would be set on the host that serves SCORM content
 * (ARCHITECTURE section 6). Such a request is an unknown host (404 client_not_found); main.ts warns at start.
 */
export class TenantResolver {
  // Two least-recently-used caches, never emptied whole when full: the Host header is the caller's to choose, so
  // unknown names have their own, smaller one and cannot push the clients' domains out (issue 33).
  readonly #known = new Lru<string, { tenant: Tenant; until: number }>(KNOWN_HOSTS_KEPT);
  readonly #unknown = new Lru<string, { tenant: null; until: number }>(UNKNOWN_HOSTS_KEPT);
  readonly #contentHost: string | null;
  constructor(
    private readonly db: Db,
    contentOrigin?: string,
  ) {
    this.#contentHost = contentOrigin ? contentHostOf(contentOrigin) : null;
  }

  async resolve(host: string | undefined): Promise<Tenant | null> {
    const domain = normaliseHost(host);
    if (!domain || domain === this.#contentHost) return null;
    const hit = this.#known.get(domain) ?? this.#unknown.get(domain);
    if (hit && hit.until > Date.now()) return hit.tenant;
    // The entry's life counts from before the read: a change committed while the read ran may be missing from it,
    // and must still show within CACHE_MS of its commit. So every process sees a change within CACHE_MS (issue 16).
    const readAt = Date.now();
    const row = await this.db
      .selectFrom('clients')
      .selectAll()
      .where('platform_domain', '=', domain)
      .executeTakeFirst();
    const tenant: Tenant | null = row
      ? {
          id: row.id,
          name: row.name,
          platformDomain: row.platform_domain,
          isPlatformActive: row.is_platform_active,
          platformStart: row.platform_start,
          platformEnd: row.platform_end,
          minPasswordLength: row.min_password_length,
          supportEmail: row.support_email,
          resellerClientId: row.reseller_client_id,
          colours: { ...DEFAULT_COLOURS, ...(JSON.parse(row.colours) as Partial<TClientColours>) },
          logoVersion: row.logo_file ? createHash('sha256').update(row.logo_file).digest('hex').slice(0, 12) : null,
          imprintType: row.imprint_type,
          privacyPolicyType: row.privacy_policy_type,
          isEntraEnabled: row.is_entra_enabled,
          emailFooter: row.email_footer,
        }
      : null;
    const until = readAt + CACHE_MS;
    if (tenant) {
      this.#unknown.delete(domain);
      this.#known.set(domain, { tenant, until });
    } else {
      this.#known.delete(domain);
      this.#unknown.set(domain, { tenant, until });
    }
    return tenant;
  }

  forget(): void {
    this.#known.clear();
    this.#unknown.clear();
  }
}

/** DECISIONS "platform active": inactive, or today outside its start and end dates. */
export function isPlatformOpen(
  t: Pick<Tenant, 'isPlatformActive' | 'platformStart' | 'platformEnd'>,
  today = new Date().toISOString().slice(0, 10),
): boolean {
  if (!t.isPlatformActive) return false;
  if (t.platformStart && today < t.platformStart) return false;
  if (t.platformEnd && today > t.platformEnd) return false;
  return true;
}
