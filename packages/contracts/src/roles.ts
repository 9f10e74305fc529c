import { z } from 'zod';

export const ROLES = [
  'PARTICIPANT',
  'COORDINATOR',
  'CONTENT_MASTER',
  'RESELLER_COORDINATOR',
  'RESELLER',
  'ADMIN',
  'SUPERADMIN',
] as const;
export type TRole = (typeof ROLES)[number];
export const ZRole = z.enum(ROLES);

/** PERMISSIONS.md "Roles and rank": a user never acts on a higher rank. */
export const ROLE_RANK: Record<TRole, number> = {
  PARTICIPANT: 1,
  COORDINATOR: 2,
  CONTENT_MASTER: 3,
  RESELLER_COORDINATOR: 4,
  RESELLER: 5,
  ADMIN: 6,
  SUPERADMIN: 7,
};

/** DECISIONS "Clients": roles that act on other clients. */
export const RESELLER_ROLES: readonly TRole[] = ['RESELLER', 'RESELLER_COORDINATOR'];

/** PERMISSIONS.md: only a SUPERADMIN gives or takes ADMIN, SUPERADMIN and the two reseller roles. */
export const isSuperadminOnlyRole = (role: TRole): boolean =>
  rankOf(role) >= ROLE_RANK.ADMIN || RESELLER_ROLES.includes(role);

/** A role's rank from the table's own properties; anything that is no role ranks below every role. */
export const rankOf = (role: string): number => (Object.hasOwn(ROLE_RANK, role) ? ROLE_RANK[role as TRole] : -1);

export const isHigherRank = (a: TRole, b: TRole): boolean => rankOf(a) > rankOf(b);

/** Spec section 3: login types with their wire numbers. */
export const LOGIN_TYPES = { EMAIL: 0, USER_NAME: 10, SCIM: 20, NONE: 99 } as const;
export type TLoginType = (typeof LOGIN_TYPES)[keyof typeof LOGIN_TYPES];
export const ZLoginType = z.union([z.literal(0), z.literal(10), z.literal(20), z.literal(99)]);
