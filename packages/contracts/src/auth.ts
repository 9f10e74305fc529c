import { z } from 'zod';
import { ZEmail, ZId, ZLocale } from './common';
import { PASSWORD_MAX_LENGTH } from './constants';
import { ZLoginType, ZRole } from './roles';

/** Spec section 3 "Current user". */
export const ZCurrentUser = z.object({
  id: ZId,
  locale: ZLocale,
  realName: z.string(),
  personellNumber: z.string().nullable(),
  email: z.string().nullable(),
  role: ZRole,
  username: z.string().nullable(),
  companyId: ZId.nullable(),
  passwordChangeRequired: z.boolean(),
  clientId: ZId,
  welcomeDialogSeen: z.boolean(),
  passwordUpdatedAt: z.string().nullable(),
  loginType: ZLoginType,
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

export const ZLoginBody = z.object({
  emailOrUsername: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZLoginResult = z.object({
  userId: ZId,
  token: z.string(),
  loginType: ZLoginType,
  email: z.string().nullable(),
  passwordChangeRequired: z.boolean(),
  user: ZCurrentUser,
});
export type TLoginResult = z.infer<typeof ZLoginResult>;

export const ZAuthState = z.object({ authenticated: z.literal(true), userId: ZId, clientId: ZId });

export const ZPasswordChangeBody = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z
    .string()
    .min(1)
    .max(PASSWORD_MAX_LENGTH * 4),
  newPasswordRepeat: z
    .string()
    .min(1)
    .max(PASSWORD_MAX_LENGTH * 4),
});
export type TPasswordChangeBody = z.infer<typeof ZPasswordChangeBody>;

export const ZTokenResult = z.object({ userId: ZId, token: z.string() });

export const ZLocaleBody = z.object({ locale: ZLocale });

export { ZEmail };
