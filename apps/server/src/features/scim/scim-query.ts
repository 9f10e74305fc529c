import { parse, type Filter } from 'scim2-parse-filter';
import { scimFail } from './scim-error';

/** The most resources one list answer holds (ServiceProviderConfig filter.maxResults). */
export const SCIM_MAX_RESULTS = 1000;
export const SCIM_DEFAULT_COUNT = 100;

export interface ScimListQuery {
  filter?: string;
  startIndex: number;
  count: number;
  excludedAttributes: string[];
  attributes: string[];
}

const one = (q: Record<string, unknown>, key: string): string | undefined => {
  const v = q[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') return scimFail(400, 'invalidValue', `${key} must be given once.`);
  return v;
};

const int = (q: Record<string, unknown>, key: string): number | undefined => {
  const v = one(q, key);
  if (v === undefined || v === '') return undefined;
  if (!/^-?\d{1,9}$/.test(v)) return scimFail(400, 'invalidValue', `${key} must be an integer.`);
  return Number(v);
};

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/**
 * RFC 7644 section 3.4.2.4: startIndex below 1 counts as 1, a negative count as 0; count is capped at
 * SCIM_MAX_RESULTS rather than refused (the RFC lets the server return fewer).
 */
export function parseListQuery(q: Record<string, unknown>): ScimListQuery {
  const startIndex = Math.max(1, int(q, 'startIndex') ?? 1);
  const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, int(q, 'count') ?? SCIM_DEFAULT_COUNT));
  const filter = one(q, 'filter');
  return {
    filter: filter?.trim() ? filter : undefined,
    startIndex,
    count,
    excludedAttributes: list(one(q, 'excludedAttributes')),
    attributes: list(one(q, 'attributes')),
  };
}

/** The attribute paths a filter may name, in lower case (attribute names are case-insensitive, RFC 7643 2.1). */
export type FilterTerms = Map<string, string[]>;

const WORK_EMAIL = 'emails.value';

/**
 * Reads a filter of "eq" terms joined by "and" (what Entra ID and Okta send) into attribute -> values, with the
 * maintained parser; anything else is RFC 7644's 400 invalidFilter. `emails[type eq "work"].value eq x` is the work
 * e-mail, the only one the app keeps a column for.
 */
export function filterTerms(filter: string | undefined, allowed: readonly string[]): FilterTerms {
  const terms: FilterTerms = new Map();
  if (!filter) return terms;
  let ast: Filter;
  try {
    ast = parse(filter);
  } catch {
    return scimFail(400, 'invalidFilter', 'The filter cannot be parsed.');
  }
  const add = (path: string, value: unknown) => {
    const key = path.toLowerCase();
    if (!allowed.includes(key)) scimFail(400, 'invalidFilter', `Filtering on ${path} is not supported.`);
    if (typeof value !== 'string') scimFail(400, 'invalidFilter', `The value for ${path} must be a string.`);
    terms.set(key, [...(terms.get(key) ?? []), value as string]);
  };
  const walk = (f: Filter): void => {
    if (f.op === 'and') return f.filters.forEach(walk);
    if (f.op === 'eq') return add(f.attrPath, f.compValue);
    if (f.op === '[]') {
      // `emails[type eq "work" and value eq "x"]`, `members[value eq "id"]` (Entra ID's and Okta's membership
      // check): eq terms on the item's value. For e-mails the bracket may name which one: only the work one is kept.
      const attr = f.attrPath.toLowerCase();
      const v = f.valFilter;
      const inner = v.op === 'and' ? v.filters : [v];
      for (const x of inner) {
        if (x.op !== 'eq') return scimFail(400, 'invalidFilter', 'Only "eq" terms joined by "and" are supported.');
        const sub = x.attrPath.toLowerCase();
        const work = attr === 'emails' && sub === 'type' && String(x.compValue).toLowerCase() === 'work';
        if (work) continue;
        if (sub !== 'value') return scimFail(400, 'invalidFilter', `Only ${f.attrPath}[value eq "..."] is supported.`);
        add(attr === 'emails' ? WORK_EMAIL : `${attr}.value`, x.compValue);
      }
      return;
    }
    scimFail(400, 'invalidFilter', 'Only "eq" terms joined by "and" are supported.');
  };
  walk(ast);
  return terms;
}

export const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** RFC 7644 section 3.4.2: itemsPerPage is the number of resources in this answer. */
export const listResponse = (total: number, startIndex: number, resources: unknown[]) => ({
  schemas: [LIST_RESPONSE],
  totalResults: total,
  Resources: resources,
  startIndex,
  itemsPerPage: resources.length,
});
