import type { TUpdateUserBody } from '@lms/contracts/users';
import type { DbOrTrx } from '../../db/database';
import { badRequest } from '../../platform/errors';
import { groupIdsOfMember } from '../groups';
import type { UserRow } from './user.repository';

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const sa = new Set(a);
  return sa.size === new Set(b).size && b.every((x) => sa.has(x));
};

/**
 * Externally managed (SCIM) users: only the role is editable (spec section 6). The form sends every field, so a
 * field counts as changed only when its value differs from the stored one.
 */
export async function assertUnchangedExceptRole(db: DbOrTrx, u: UserRow, body: TUpdateUserBody): Promise<void> {
  const stored: Record<string, unknown> = {
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email?.toLowerCase() ?? null,
    username: u.username,
    personnelNumber: u.personell_number,
    locale: u.locale,
    companyId: u.company_id,
    gender: u.gender,
    birthday: u.birthday,
    street: u.street,
    city: u.city,
    hiredSince: u.hired_since,
    active: u.is_active,
    activeFrom: u.active_from,
    activeTo: u.active_to,
  };
  const changed = Object.keys(stored).filter((k) => {
    const sent = body[k as keyof TUpdateUserBody];
    return sent !== undefined && sent !== stored[k];
  });
  if (body.password) changed.push('password');
  if (body.groupIds && !sameSet(body.groupIds, await groupIdsOfMember(db, u.client_id, u.id))) changed.push('groupIds');
  if (changed.length > 0) badRequest('externally_managed', { fields: changed });
}
