import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { SMTP_ALLOWED_PORTS } from '@lms/contracts/constants';
import { AppError } from '../../platform/errors';

/**
 * Outbound SSRF guard for client SMTP settings (issue 3): a client admin must not make the server talk to the
 * platform's own network. Checked on the resolved addresses, not the name, and the connection then goes to the
 * checked address (the name kept for TLS), so a DNS answer that changes in between cannot slip through.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network, unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** IPv4 addresses written as IPv6 (`::ffff:10.0.0.1`) are judged as the IPv4 address they are. */
const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

export function isPrivateAddress(address: string): boolean {
  const mapped = MAPPED_V4.exec(address);
  if (mapped?.[1]) return isPrivateAddress(mapped[1]);
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

export const isAllowedSmtpPort = (port: number): boolean => (SMTP_ALLOWED_PORTS as readonly number[]).includes(port);

const refuse = (reason: 'port' | 'address'): never => {
  throw new AppError(400, 'smtp_host_not_allowed', { reason });
};

export function assertSmtpPortAllowed(port: number, allowPrivate: boolean): void {
  if (!allowPrivate && !isAllowedSmtpPort(port)) refuse('port');
}

async function resolveAll(host: string): Promise<string[]> {
  const literal = host.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal)) return [literal];
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return [];
  }
}

/**
 * Answers the address to connect to. Every address the name resolves to must be public, else the host is refused
 * (SMTP_ALLOW_PRIVATE=1 lifts the address and port rules, for tests and local development).
 */
export async function resolveSmtpTarget(host: string, port: number, allowPrivate: boolean): Promise<string> {
  assertSmtpPortAllowed(port, allowPrivate);
  const addresses = await resolveAll(host);
  // Not a refusal: the name may resolve later (the mail waits and is tried again).
  if (addresses.length === 0) throw new Error(`The SMTP host name ${host} does not resolve.`);
  if (!allowPrivate && addresses.some(isPrivateAddress)) refuse('address');
  return addresses[0] as string;
}

/** At save time a name that does not resolve (yet) is accepted; one that resolves to a private address is not. */
export async function assertSmtpHostAllowed(host: string, port: number, allowPrivate: boolean): Promise<void> {
  assertSmtpPortAllowed(port, allowPrivate);
  if (allowPrivate) return;
  const addresses = await resolveAll(host);
  if (addresses.some(isPrivateAddress)) refuse('address');
}
