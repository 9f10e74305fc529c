import type { TLocale } from '@lms/contracts/constants';
import type { Config } from '../../config';
import type { SecretText } from '../../platform/secret-text';

const isLocalDomain = (domain: string) =>
  domain === 'localhost' || domain.endsWith('.localhost') || /^\d{1,3}(\.\d{1,3}){3}$/.test(domain);

/**
 * The base URL of a client's app, built from its platform domain and never from the request's Host header
 * (DECISIONS "reset and activation links"): a forged Host cannot send a victim's reset token elsewhere. Local
 * domains (development, tests) are served by this process over http on its own port.
 */
export function clientBaseUrl(config: Pick<Config, 'port'>, platformDomain: string): string {
  if (isLocalDomain(platformDomain)) return `http://${platformDomain}:${config.port}`;
  return `https://${platformDomain}`;
}

type AccountPath = '/init-password' | '/reset-password' | '/login';

/**
 * A link into the client's app. With a one-time token it is a SecretText: stored and shown as
 * `https://host/reset-password?token=…`, delivered with the token (the token is base64url, no escaping needed).
 */
export function accountLink(config: Pick<Config, 'port'>, platformDomain: string, path: AccountPath): string;
export function accountLink(
  config: Pick<Config, 'port'>,
  platformDomain: string,
  path: AccountPath,
  token: SecretText,
  locale?: TLocale,
): SecretText;
export function accountLink(
  config: Pick<Config, 'port'>,
  platformDomain: string,
  path: AccountPath,
  token?: SecretText,
  locale?: TLocale,
): string | SecretText {
  const url = new URL(path, clientBaseUrl(config, platformDomain));
  // The recipient's language travels with the link (issue 12): the page and its messages open in it before anyone
  // signs in. It stands before the token, which stays last (the redaction cuts the text after `token=`).
  if (locale) url.searchParams.set('locale', locale);
  const text = url.toString();
  return token ? token.wrap(`${text}${locale ? '&' : '?'}token=`) : text;
}
