import path from 'node:path';
import type { TMailTransport } from '@lms/contracts/mail';
import type { AppDeps } from '../../platform/deps';
import type { MailAddress, MailTarget } from '../../platform/mailer';
import { findClientSmtpTarget } from '../client-smtp';

export interface MailRoute {
  transport: TMailTransport;
  target: MailTarget;
  from: MailAddress;
  /** One pooled connection per key; a new fingerprint (changed settings) replaces it. */
  key: string;
  fingerprint: string;
}

export interface ClientMailInfo {
  id: string;
  name: string;
  platform_domain: string;
}

/** `Name <address>` or a bare address, as SMTP_FROM may be written. */
function parseAddress(value: string, fallbackName: string): MailAddress {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  return m
    ? { name: m[1] || fallbackName, address: (m[2] ?? '').trim() }
    : { name: fallbackName, address: value.trim() };
}

/**
 * ARCHITECTURE sections 1 and 8: the client's SMTP when it is enabled (a failed connection test disables it), else
 * the platform's SMTP_URL, else the local outbox folder DATA_DIR/outbox. From comes from the client's SMTP settings;
 * through the platform it is SMTP_FROM, else no-reply at the client's domain, named after the client.
 */
export async function resolveMailRoute(deps: AppDeps, client: ClientMailInfo): Promise<MailRoute> {
  const own = await findClientSmtpTarget(deps, client.id);
  if (own) {
    const from = { address: own.from.address, name: own.from.name || client.name };
    return {
      transport: 'client-smtp',
      target: own.target,
      from,
      key: `client:${client.id}`,
      fingerprint: own.fingerprint,
    };
  }
  const { smtpUrl, smtpFrom, dataDir } = deps.config;
  const from = smtpFrom
    ? parseAddress(smtpFrom, client.name)
    : { name: client.name, address: `no-reply@${client.platform_domain}` };
  if (smtpUrl)
    return {
      transport: 'platform-smtp',
      target: { kind: 'url', url: smtpUrl },
      from,
      key: 'platform',
      fingerprint: smtpUrl,
    };
  const dir = path.join(dataDir, 'outbox');
  return { transport: 'outbox', target: { kind: 'outbox', dir }, from, key: 'outbox', fingerprint: dir };
}
