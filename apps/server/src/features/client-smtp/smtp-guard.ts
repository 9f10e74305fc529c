import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { SMTP_ALLOWED_PORTS } from '@lms/contracts/constants';
import { AppError } from '../../platform/errors';

/**
 * Outbound SSRF guard for client SMTP settings (issue 3): a client admin must not make the server talk to the
 * platform's own network. Checked on the resolved addresses, not the name, and the connection then goes to the
 * checked address (the name kept for TLS), so a DNS answer that changes in between cannot slip through.
 */
/** Where an IPv6 address carries an IPv4 one, the IPv4 address a packet to it reaches. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const last32 = () => ipaddr.IPv4.parse(`${parts[6]! >> 8}.${parts[6]! & 0xff}.${parts[7]! >> 8}.${parts[7]! & 0xff}`);
  const range = address.range();
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (RFC 6145) and 64:ff9b::a.b.c.d (RFC 6052 NAT64, well-known prefix).
  if (range === 'ipv4Mapped' || range === 'rfc6145') return last32();
  if (range === 'rfc6052' && parts[1] === 0xff9b && parts.slice(2, 6).every((p) => p === 0)) return last32();
  // ::a.b.c.d (RFC 4291 "IPv4-compatible", deprecated but still routed by some stacks); :: and ::1 stay themselves.
  if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || parts[7]! > 1)) return last32();
  // 2002:AABB:CCDD::/48 (6to4) carries AA.BB.CC.DD.
  if (range === '6to4')
    return ipaddr.IPv4.parse(`${parts[1]! >> 8}.${parts[1]! & 0xff}.${parts[2]! >> 8}.${parts[2]! & 0xff}`);
  return null;
}

/**
 * Only globally routed unicast addresses are public. ipaddr.js names every special range (loopback, private,
 * link-local, CGNAT, multicast, reserved, benchmarking, Teredo, local-use NAT64, ...); an IPv6 address that
 * embeds an IPv4 one is judged as that IPv4 address (hardening issue, point 6).
 */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v4 = embeddedIpv4(parsed as ipaddr.IPv6);
    if (v4) return v4.range() !== 'unicast';
  }
  return parsed.range() !== 'unicast';
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
