import { z } from 'zod';
import { ZId, ZIsoDate, ZLocale } from './common';
import { FORGOT_USERNAME_MESSAGE_MAX, PASSWORD_MAX_LENGTH } from './constants';
import { ZGender, ZGroupRef } from './users';

/** DECISIONS "reset and activation links": the answer echoes what was asked, account or not. */
export const ZPasswordResetBody = z
  .object({
    emailOrUsername: z.string().trim().min(1).max(254).optional(),
    email: z.string().trim().min(1).max(254).optional(),
    locale: ZLocale.optional(),
  })
  .refine((b) => b.emailOrUsername ?? b.email, { message: 'emailOrUsername is required', path: ['emailOrUsername'] });
export type TPasswordResetBody = z.infer<typeof ZPasswordResetBody>;
export const ZSentTo = z.object({ sentTo: z.string() });

/** DECISIONS "forgot username": full name required, message capped; goes to the client's support e-mail. */
export const ZForgotUsernameBody = z.object({
  name: z.string().trim().max(200),
  email: z.string().trim().toLowerCase().email().max(254),
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(FORGOT_USERNAME_MESSAGE_MAX),
  locale: ZLocale.optional(),
});
export type TForgotUsernameBody = z.infer<typeof ZForgotUsernameBody>;

export const TOKEN_PURPOSES = ['activation', 'reset'] as const;
export const ZTokenPurpose = z.enum(TOKEN_PURPOSES);
export type TTokenPurpose = z.infer<typeof ZTokenPurpose>;

/** Sets the password from an activation (/init-password) or reset (/reset-password) link; answers a session. */
export const ZActivateBody = z.object({
  token: z.string().min(10).max(200),
  purpose: ZTokenPurpose.default('activation'),
  newPassword: z
    .string()
    .min(1)
    .max(PASSWORD_MAX_LENGTH * 4),
  newPasswordRepeat: z
    .string()
    .min(1)
    .max(PASSWORD_MAX_LENGTH * 4),
});
export type TActivateBody = z.infer<typeof ZActivateBody>;

export const ZTokenCheckBody = z.object({ token: z.string().min(10).max(200), purpose: ZTokenPurpose });
/** `used`: the link was used already (its password is set), said apart from an expired one (issue 32 point 15). */
export const ZTokenCheckResult = z.object({ valid: z.boolean(), used: z.literal(true).optional() });

/** The data-change request form of /account, mailed to the client's support e-mail. */
export const ZChangeRequestBody = z.object({
  message: z.string().trim().min(1).max(FORGOT_USERNAME_MESSAGE_MAX),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
  personnelNumber: z.string().trim().max(50).optional(),
  street: z.string().trim().max(200).optional(),
  city: z.string().trim().max(100).optional(),
});
export type TChangeRequestBody = z.infer<typeof ZChangeRequestBody>;

/** "My data" on /account: what the platform knows about the signed-in user. */
export const ZMyProfile = z.object({
  id: ZId,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  personnelNumber: z.string().nullable(),
  locale: ZLocale,
  companyName: z.string().nullable(),
  gender: ZGender.nullable(),
  birthday: ZIsoDate.nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  hiredSince: ZIsoDate.nullable(),
  groups: z.array(ZGroupRef),
  externallyManaged: z.boolean(),
  hasProfilePicture: z.boolean(),
  /** Issue 31 point 4: the weekly digest; offered to whoever coordinates a group, on unless they switched it off. */
  digest: z.object({ offered: z.boolean(), enabled: z.boolean() }),
});
export type TMyProfile = z.infer<typeof ZMyProfile>;

/** POST /user: what a user may change about themselves without a request. */
export const ZProfileBody = z.object({
  locale: ZLocale.optional(),
  welcomeDialogSeen: z.boolean().optional(),
  /** The weekly digest on or off (issue 31 point 4). */
  digestEnabled: z.boolean().optional(),
});
export type TProfileBody = z.infer<typeof ZProfileBody>;
