import { DEFAULT_COLOURS, type TClientColours } from '@lms/contracts/client';
import type { TClient, TClientFigures, TClientSummary } from '@lms/contracts/client-admin';
import { isPlatformOpen } from '../../platform/tenant';
import type { ClientAccess } from './client-scope';
import type { ClientRow } from './client-admin.repository';

export const coloursOf = (json: string): TClientColours => ({
  ...DEFAULT_COLOURS,
  ...(JSON.parse(json) as Partial<TClientColours>),
});

export function presentClientSummary(
  row: ClientRow,
  resellerName: string | null,
  users: { active: number; total: number } | undefined,
): TClientSummary {
  const figures: TClientFigures = {
    activeUsers: users?.active ?? 0,
    inactiveUsers: (users?.total ?? 0) - (users?.active ?? 0),
    deletedUsers: row.deleted_users_count,
  };
  return {
    id: row.id,
    name: row.name,
    platformDomain: row.platform_domain,
    platformActive: row.is_platform_active,
    platformStart: row.platform_start,
    platformEnd: row.platform_end,
    platformOpen: isPlatformOpen({
      isPlatformActive: row.is_platform_active,
      platformStart: row.platform_start,
      platformEnd: row.platform_end,
    }),
    isReseller: row.is_reseller,
    resellerClientId: row.reseller_client_id,
    resellerName,
    figures,
  };
}

export function presentClient(
  row: ClientRow,
  resellerName: string | null,
  users: { active: number; total: number } | undefined,
  access: { access: ClientAccess; licence: ClientAccess },
): TClient {
  return {
    ...presentClientSummary(row, resellerName, users),
    address: {
      street: row.address_street,
      houseNumber: row.address_house_number,
      zip: row.address_zip,
      city: row.address_city,
    },
    colours: coloursOf(row.colours),
    // The logo's bytes change under the same id; the update time makes a new URL so no cache shows the old one.
    logoUrl: row.logo_file ? `/api/client/${row.id}/logo?v=${encodeURIComponent(row.updated_at)}` : null,
    supportEmail: row.support_email,
    emailFooter: row.email_footer,
    invoiceClientId: row.invoice_client_id,
    minPasswordLength: row.min_password_length,
    entra: { enabled: row.is_entra_enabled, clientId: row.entra_client_id, tenantId: row.entra_tenant_id },
    access: access.access,
    licenceAccess: access.licence,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
