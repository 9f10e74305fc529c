import type { DbOrTrx } from '../../db/database';

/** What a reset mail needs to know of its client when a job sends it (no request, so no resolved tenant). */
export async function findLinkClient(db: DbOrTrx, clientId: string) {
  const c = await db
    .selectFrom('clients')
    .select(['id', 'name', 'support_email', 'platform_domain'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  return c ? { id: c.id, name: c.name, supportEmail: c.support_email, platformDomain: c.platform_domain } : undefined;
}
