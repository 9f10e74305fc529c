import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LOCALES, PAGE_SIZES } from './constants';

export const ZId = z.string().uuid();
export const ZIdParams = z.object({ id: ZId });
export const ZLocale = z.enum(LOCALES);
export const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
export const ZIsoDateTime = z.string();
export const ZEmail = z.string().trim().toLowerCase().email().max(254);

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  // One of PAGE_SIZES, as a literal so that the OpenAPI document lists them (an enum): a query string is text, turned
  // into a number first (preprocess, which the document passes over to the literal).
  pageSize: z
    .preprocess(
      (v) => (typeof v === 'string' ? Number(v) : v),
      z.literal(PAGE_SIZES, { error: `one of ${PAGE_SIZES.join(', ')}` }),
    )
    .default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  sort: z.string().max(50).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/**
 * A page of a list. `total` is counted up to LIST_TOTAL_CAP (issue 15: no list does per-request work that grows with
 * the tenant); `totalCapped` says there are more, so screens show "more than 10,000". Lists that cannot grow with the
 * users (templates, courses, groups, ...) are not capped and answer false.
 */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    totalCapped: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const ZOk = z.object({ ok: z.literal(true) });
