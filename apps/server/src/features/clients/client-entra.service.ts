import type { DbOrTrx } from '../../db/database';

export interface EntraSettings {
  enabled: boolean;
  clientId: string | null;
  tenantId: string | null;
}

/** A client's Entra settings (spec section 3), for the Entra sign-in (features/entra-login). */
export async function findEntraSettings(db: DbOrTrx, clientId: string): Promise<EntraSettings> {
  const row = await db
    .selectFrom('clients')
    .select(['is_entra_enabled', 'entra_client_id', 'entra_tenant_id'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  return {
    enabled: row?.is_entra_enabled ?? false,
    clientId: row?.entra_client_id ?? null,
    tenantId: row?.entra_tenant_id ?? null,
  };
}

/** Spec section 5: Entra sign-in needs enabled, a client id and a tenant id. */
export const isEntraUsable = (s: EntraSettings): s is EntraSettings & { clientId: string; tenantId: string } =>
  s.enabled && !!s.clientId && !!s.tenantId;
