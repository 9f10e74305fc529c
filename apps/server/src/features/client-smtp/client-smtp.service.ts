import { audit, auditWhoOf, changedFields } from '../../platform/audit/audit-actor';
import {
  SMTP_TEST_REASONS,
  type TClientSmtp,
  type TClientSmtpAnswer,
  type TSaveClientSmtpBody,
  type TSmtpTestReason,
} from '@lms/contracts/client-smtp';
import { isIP } from 'node:net';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { openMailTransport, type MailAddress, type MailTarget } from '../../platform/mailer';
import type { Actor } from '../../platform/session';
import { assertMayActOnClient } from '../clients';
import {
  deleteClientSmtp,
  findClientSmtp,
  updateClientSmtp,
  upsertClientSmtp,
  type ClientSmtpRow,
} from './client-smtp.repository';
import { assertSmtpHostAllowed, resolveSmtpTarget } from './smtp-guard';
import { decryptSmtpPassword, encryptSmtpPassword } from './smtp-secret';
import { reasonCodeOf, smtpTestReason } from './smtp-test-reason';

const CAPABILITY = 'clients.smtpAndTokens';

/** The stored password never leaves the server: answers only say whether there is one. */
export function presentClientSmtp(row: ClientSmtpRow): TClientSmtp {
  return {
    clientId: row.client_id,
    fromAddress: row.from_address,
    fromName: row.from_name,
    host: row.host,
    port: row.port,
    secure: row.is_secure,
    username: row.username,
    hasPassword: row.password_enc !== null,
    rejectUnauthorized: row.is_reject_unauthorized,
    enabled: row.is_enabled,
    disabledReason: row.disabled_reason,
    disabledReasonCode: reasonCodeOf(row.disabled_reason, SMTP_TEST_REASONS),
    lastTestAt: row.last_test_at,
    lastTestOk: row.is_last_test_ok,
    updatedAt: row.updated_at,
  };
}

export async function getClientSmtp(deps: AppDeps, actor: Actor, clientId: string): Promise<TClientSmtpAnswer> {
  await assertMayActOnClient(deps.db, actor, CAPABILITY, clientId);
  const row = await findClientSmtp(deps.db, clientId);
  return { smtp: row ? presentClientSmtp(row) : null };
}

/**
 * PERMISSIONS.md "A stored secret belongs to the settings it was given for" (issue 28 point 5): the password was
 * given for one server and one account. A save that names another host, port, TLS mode or user name and brings no
 * password of its own drops the stored one, else the next test or mail would hand it to whoever runs the new host.
 */
function changesAccount(row: ClientSmtpRow, body: TSaveClientSmtpBody): boolean {
  return (
    row.host !== body.host ||
    row.port !== body.port ||
    row.is_secure !== body.secure ||
    (row.username ?? '') !== (body.username ?? '')
  );
}

/** Saving resets the last test: it said something about the settings that were there before. */
export async function saveClientSmtp(
  deps: AppDeps,
  actor: Actor,
  clientId: string,
  body: TSaveClientSmtpBody,
): Promise<TClientSmtp> {
  const { db, config } = deps;
  await assertMayActOnClient(db, actor, CAPABILITY, clientId);
  await assertSmtpHostAllowed(body.host, body.port, config.smtpAllowPrivate);
  const existing = await findClientSmtp(db, clientId);
  const keepsStored = existing !== undefined && !changesAccount(existing, body);
  const passwordEnc =
    body.password === undefined
      ? keepsStored
        ? (existing?.password_enc ?? null)
        : null
      : body.password === null
        ? null
        : encryptSmtpPassword(config.appSecret, body.password);
  const now = nowIso();
  const settings = {
    from_address: body.fromAddress,
    from_name: body.fromName,
    host: body.host,
    port: body.port,
    is_secure: body.secure,
    username: body.username,
    password_enc: passwordEnc,
    is_reject_unauthorized: body.rejectUnauthorized,
    is_enabled: body.enabled,
  };
  await db.transaction().execute(async (trx) => {
    await upsertClientSmtp(trx, clientId, {
      ...settings,
      // Issue 32 point 11: saved while still off after a failed test (the form's switch follows the server), the
      // configuration keeps that reason, so the next passing test switches it back on, as the switch's hint says.
      // Saved on, or switched off by hand with no failed test behind it, it has none.
      disabled_reason: body.enabled ? null : (existing?.disabled_reason ?? null),
      last_test_at: null,
      is_last_test_ok: null,
      created_at: now,
      updated_at: now,
    });
    // changedFields writes "[secret]" for the password: that it changed is recorded, never what to.
    const diff = changedFields(existing ?? {}, settings);
    if (diff)
      await audit(trx, auditWhoOf(actor), clientId, 'smtp.changed', {
        object: { type: 'smtp', id: clientId },
        ...diff,
      });
  });
  const row = await findClientSmtp(db, clientId);
  return presentClientSmtp(row ?? notFound('smtp'));
}

export async function removeClientSmtp(deps: AppDeps, actor: Actor, clientId: string): Promise<void> {
  await assertMayActOnClient(deps.db, actor, CAPABILITY, clientId);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await deleteClientSmtp(trx, clientId))) notFound('smtp');
    await audit(trx, auditWhoOf(actor), clientId, 'smtp.removed', { object: { type: 'smtp', id: clientId } });
  });
}

/**
 * The transport's options for a stored configuration. With a user name the login goes only over TLS: implicit TLS
 * (`secure`) or STARTTLS, which nodemailer then insists on (`requireTLS`: no STARTTLS offered, no AUTH sent).
 * SMTP_ALLOW_PRIVATE=1 (tests, local development, a relay on the own network) lifts that rule as it lifts the
 * address rules.
 */
export function smtpOptions(
  row: ClientSmtpRow,
  address: string,
  opts: { appSecret: string; allowPrivate: boolean },
): SMTPTransport.Options {
  const name = row.host.replace(/^\[(.*)\]$/, '$1');
  return {
    host: address,
    port: row.port,
    secure: row.is_secure,
    requireTLS: !row.is_secure && !!row.username && !opts.allowPrivate,
    // The connection goes to the checked address; TLS still verifies the certificate against the host name.
    tls: { rejectUnauthorized: row.is_reject_unauthorized, ...(isIP(name) ? {} : { servername: name }) },
    ...(row.username
      ? {
          auth: {
            user: row.username,
            pass: row.password_enc ? decryptSmtpPassword(opts.appSecret, row.password_enc) : '',
          },
        }
      : {}),
  };
}

const transportOpts = (deps: AppDeps) => ({
  appSecret: deps.config.appSecret,
  allowPrivate: deps.config.smtpAllowPrivate,
});

/**
 * DECISIONS "SMTP": connect, TLS and AUTH. A failure disables the configuration and stores why, so mail goes
 * through the platform's SMTP until someone fixes it; a later successful test turns it back on.
 */
export async function testClientSmtp(deps: AppDeps, actor: Actor, clientId: string): Promise<TClientSmtp> {
  const { db, config } = deps;
  await assertMayActOnClient(db, actor, CAPABILITY, clientId);
  const row = (await findClientSmtp(db, clientId)) ?? notFound('smtp');
  let reason: string | null = null;
  let reasonCode: TSmtpTestReason | null = null;
  try {
    const address = await resolveSmtpTarget(row.host, row.port, config.smtpAllowPrivate);
    const transport = openMailTransport({ kind: 'smtp', options: smtpOptions(row, address, transportOpts(deps)) });
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
  } catch (err) {
    const failure = smtpTestReason(err);
    reasonCode = failure.code;
    reason = `${failure.code}: ${failure.detail}`;
  }
  const now = nowIso();
  await updateClientSmtp(db, clientId, {
    last_test_at: now,
    is_last_test_ok: reason === null,
    ...(reason !== null ? { is_enabled: false, disabled_reason: reason.slice(0, 1_000) } : {}),
    ...(reason === null && row.disabled_reason !== null ? { is_enabled: true, disabled_reason: null } : {}),
    updated_at: now,
  });
  if (reason !== null) throw new AppError(400, 'smtp_test_failed', { reason, reasonCode });
  return presentClientSmtp((await findClientSmtp(db, clientId)) ?? notFound('smtp'));
}

export interface ClientSmtpTarget {
  target: MailTarget;
  from: MailAddress;
  /** Changes whenever the settings or the resolved address change, so a pooled connection is not reused then. */
  fingerprint: string;
}

/** For the mail worker: the client's enabled SMTP, checked by the SSRF guard; null when mail takes the fallback. */
export async function findClientSmtpTarget(deps: AppDeps, clientId: string): Promise<ClientSmtpTarget | null> {
  const row = await findClientSmtp(deps.db, clientId);
  if (!row || !row.is_enabled) return null;
  const address = await resolveSmtpTarget(row.host, row.port, deps.config.smtpAllowPrivate);
  return {
    target: { kind: 'smtp', options: smtpOptions(row, address, transportOpts(deps)) },
    from: { address: row.from_address, name: row.from_name },
    fingerprint: `${row.updated_at}|${address}`,
  };
}
