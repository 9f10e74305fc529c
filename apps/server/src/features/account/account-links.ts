import type { Config } from '../../config';

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

export function accountLink(
  config: Pick<Config, 'port'>,
  platformDomain: string,
  path: '/init-password' | '/reset-password' | '/login',
  token?: string,
): string {
  const url = new URL(path, clientBaseUrl(config, platformDomain));
  if (token) url.searchParams.set('token', token);
  return url.toString();
}
