import { z } from 'zod';
import { ZId } from './common';

/**
 * Issue 30 point 3: every action the audit trail records, named once. The server writes only these; the web labels
 * each in its three locales (namespace `audit`), so the screen's action filter is a select.
 */
export const AUDIT_ACTIONS = [
  'auth.sign-in',
  'auth.sign-in-failed',
  'user.password-changed',
  'user.role-changed',
  'user.created',
  'user.deactivated',
  'user.activated',
  'user.deleted',
  'group.membership-changed',
  'training.assigned',
  'training.status-changed',
  'certificate.issued',
  'certificate.withdrawn',
  'certificate.regenerated',
  'scim.write',
  'import.started',
  'import.finished',
  'client.created',
  'client.changed',
  'client.settings-changed',
  'smtp.changed',
  'smtp.removed',
  'token.created',
  'token.invalidated',
  'legal-text.changed',
  'template.changed',
  'premium.changed',
  // Written by the GDPR feature (issue 30 point 4).
  'gdpr.export-requested',
  'gdpr.erased',
  'gdpr.retention-deactivated',
  'gdpr.retention-erased',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTOR_KINDS = ['user', 'scim', 'system', 'anonymous'] as const;
export type TAuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** Entries per page of the audit screen and per read of the CSV export. */
export const AUDIT_PAGE_SIZES = [50, 100, 500] as const;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');

/** The filters of the audit screen and the CSV export (the server applies them, each on an index ending in seq). */
export const ZAuditFilter = z.object({
  /** The acting user's id, or a token's id for SCIM. */
  actorId: z.string().trim().min(1).max(100).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** The object's id (a user, group, training, certificate, client ...). */
  objectId: z.string().trim().min(1).max(100).optional(),
  /** Period, both days included, UTC. */
  from: ZDay.optional(),
  to: ZDay.optional(),
});
export type TAuditFilter = z.infer<typeof ZAuditFilter>;

/**
 * `GET /api/client/{id}/audit`: newest first, keyset by seq (a page at entry 500,000 costs what the first does):
 * `before` is the `nextBefore` of the previous page.
 */
export const ZAuditListQuery = ZAuditFilter.extend({
  before: z.coerce.number().int().min(1).optional(),
  limit: z
    .preprocess(
      (v) => (typeof v === 'string' ? Number(v) : v),
      z.literal(AUDIT_PAGE_SIZES, { error: `one of ${AUDIT_PAGE_SIZES.join(', ')}` }),
    )
    .default(100),
});
export type TAuditListQuery = z.input<typeof ZAuditListQuery>;

export const ZAuditEntry = z.object({
  seq: z.number().int(),
  at: z.string(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  actorId: z.string().nullable(),
  /** The acting user's display name when it is a user still there. */
  actorName: z.string().nullable(),
  action: z.string(),
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  subjectUserId: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  detail: z.unknown().optional(),
  /** The personal part was removed by a GDPR erasure. */
  redacted: z.boolean(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({
  items: z.array(ZAuditEntry),
  /** Pass as `before` for the next (older) page; null: this was the last. */
  nextBefore: z.number().int().nullable(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;

export const ZAuditVerification = z.object({
  checked: z.number().int(),
  firstSeq: z.number().int().nullable(),
  lastSeq: z.number().int().nullable(),
  broken: z.object({ seq: z.number().int(), reason: z.enum(['hash', 'link', 'gap', 'personal', 'head']) }).nullable(),
});
export type TAuditVerification = z.infer<typeof ZAuditVerification>;

export const ZAuditClientParams = z.object({ id: ZId });
