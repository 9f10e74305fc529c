import { z } from 'zod';
import { ZEmail, ZId, ZIsoDateTime } from './common';

/** A host name or an IP literal; whether it may be used is decided after DNS resolution (SSRF guard). */
const ZSmtpHost = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(
    /^(\[?[0-9a-f:.]+\]?|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)$/,
    'expected a host name or IP address',
  );

export const ZClientSmtpParams = z.object({ clientId: ZId });

/** Why a connection test failed, as a code (the 400 smtp_test_failed's `details.reasonCode`, the stored reason). */
export const SMTP_TEST_REASONS = [
  'host_not_allowed',
  'host_not_found',
  'connection_failed',
  'timeout',
  'tls_failed',
  'auth_failed',
  'rejected',
  'unknown',
] as const;
export type TSmtpTestReason = (typeof SMTP_TEST_REASONS)[number];

/** Spec section 3 "SMTP settings"; the password is write-only: answers say only whether one is stored. */
export const ZClientSmtp = z.object({
  clientId: ZId,
  fromAddress: z.string(),
  fromName: z.string().nullable(),
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  rejectUnauthorized: z.boolean(),
  enabled: z.boolean(),
  /** Why the configuration is disabled, when a connection test failed (DECISIONS "SMTP"): the technical text. */
  disabledReason: z.string().nullable(),
  /** The same as a code the web app translates (issue 12). */
  disabledReasonCode: z.enum(SMTP_TEST_REASONS).nullable(),
  lastTestAt: ZIsoDateTime.nullable(),
  lastTestOk: z.boolean().nullable(),
  updatedAt: ZIsoDateTime,
});
export type TClientSmtp = z.infer<typeof ZClientSmtp>;

export const ZClientSmtpAnswer = z.object({ smtp: ZClientSmtp.nullable() });
export type TClientSmtpAnswer = z.infer<typeof ZClientSmtpAnswer>;

export const ZSaveClientSmtpBody = z.object({
  fromAddress: ZEmail,
  fromName: z.string().trim().max(100).nullable().default(null),
  host: ZSmtpHost,
  port: z.number().int().min(1).max(65535),
  secure: z.boolean(),
  username: z.string().trim().max(254).nullable().default(null),
  /** Left out: keep the stored password; null: remove it. */
  password: z.string().min(1).max(500).nullable().optional(),
  rejectUnauthorized: z.boolean().default(true),
  enabled: z.boolean().default(true),
});
export type TSaveClientSmtpBody = z.infer<typeof ZSaveClientSmtpBody>;
