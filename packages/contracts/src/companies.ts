import { z } from 'zod';
import { pageOf, ZId, ZIsoDateTime, ZPageQuery } from './common';

/** A company of a client (spec section 3), chosen in the user form; `userCount` counts the users that name it. */
export const ZCompany = z.object({
  id: ZId,
  clientId: ZId,
  name: z.string(),
  userCount: z.number().int(),
  createdAt: ZIsoDateTime,
});
export type TCompany = z.infer<typeof ZCompany>;

export const COMPANY_SORTS = ['name', 'userCount', 'createdAt'] as const;

export const ZCompanyQuery = ZPageQuery.extend({ clientId: ZId, sort: z.enum(COMPANY_SORTS).default('name') });
export type TCompanyQuery = z.input<typeof ZCompanyQuery>;

export const ZCompanyPage = pageOf(ZCompany);
export type TCompanyPage = z.infer<typeof ZCompanyPage>;

const companyName = z.string().trim().min(1).max(200);

export const ZCreateCompanyBody = z.object({ clientId: ZId, name: companyName });
export type TCreateCompanyBody = z.input<typeof ZCreateCompanyBody>;

export const ZRenameCompanyBody = z.object({ name: companyName });
export type TRenameCompanyBody = z.input<typeof ZRenameCompanyBody>;
