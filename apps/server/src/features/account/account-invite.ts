import type { TLocale } from '@lms/contracts/constants';
import type { Config } from '../../config';
import type { DbOrTrx } from '../../db/database';
import type { SecretText } from '../../platform/secret-text';
import type { Tenant } from '../../platform/tenant';
import type { MailValues } from '../mail';
import { accountLink } from './account-links';
import { queueAccountMails } from './account-mail';
import { issueLinkToken, issueLinkTokens } from './link-tokens';

export interface MailRecipient {
  id: string;
  email: string | null;
  first_name: string;
  last_name: string;
  locale: string;
}

/** The link carries the one-time token as a SecretText: the mail queue stores it redacted (DECISIONS). */
const valuesOf = (tenant: Pick<Tenant, 'name' | 'supportEmail'>, u: MailRecipient, link: SecretText): MailValues => ({
  firstName: u.first_name,
  lastName: u.last_name,
  name: `${u.first_name} ${u.last_name}`.trim(),
  link,
  clientName: tenant.name,
  supportEmail: tenant.supportEmail ?? '',
});

/**
 * DECISIONS "initial password": a user created without a password gets an activation mail with a 24-hour link to
 * /init-password. Called inside the transaction that creates the users.
 */
export async function sendActivationMails(
  db: DbOrTrx,
  config: Pick<Config, 'port' | 'appSecret'>,
  tenant: Pick<Tenant, 'id' | 'name' | 'supportEmail' | 'platformDomain'>,
  users: readonly MailRecipient[],
): Promise<number> {
  const withMail = users.filter((u): u is MailRecipient & { email: string } => !!u.email);
  const tokens = await issueLinkTokens(
    db,
    tenant.id,
    withMail.map((u) => u.id),
    'activation',
  );
  await queueAccountMails(
    db,
    tenant.id,
    config.appSecret,
    withMail.map((u) => {
      const token = tokens.get(u.id);
      if (!token) throw new Error(`no activation token for user ${u.id}`);
      return {
        kind: 'activation' as const,
        to: u.email,
        toName: `${u.first_name} ${u.last_name}`.trim(),
        locale: u.locale as TLocale,
        values: valuesOf(
          tenant,
          u,
          accountLink(config, tenant.platformDomain, '/init-password', token, u.locale as TLocale),
        ),
      };
    }),
  );
  return withMail.length;
}

/** A password-reset mail with a 24-hour link to /reset-password (also used by the bulk action). */
export async function sendPasswordResetMail(
  db: DbOrTrx,
  config: Pick<Config, 'port' | 'appSecret'>,
  tenant: Pick<Tenant, 'id' | 'name' | 'supportEmail' | 'platformDomain'>,
  user: MailRecipient & { email: string },
  locale?: TLocale,
): Promise<void> {
  const token = await issueLinkToken(db, tenant.id, user.id, 'reset');
  await queueAccountMails(db, tenant.id, config.appSecret, [
    {
      kind: 'password_reset',
      to: user.email,
      toName: `${user.first_name} ${user.last_name}`.trim(),
      locale: locale ?? (user.locale as TLocale),
      values: valuesOf(
        tenant,
        user,
        accountLink(config, tenant.platformDomain, '/reset-password', token, locale ?? (user.locale as TLocale)),
      ),
    },
  ]);
}
