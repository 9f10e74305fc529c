import { z } from 'zod';
import { ZClientContact, ZSaveClientContactBody } from './client-contacts';
import { ZId, ZIsoDate, ZIsoDateTime } from './common';

/**
 * Spec section 3 "user contact options": the client's contacts (section 3 "contacts") a signed-in user may reach,
 * grouped by responsibility. A contact with neither e-mail nor phone cannot be reached and is not listed.
 */
export const ZUserContactOption = ZClientContact.pick({
  id: true,
  responsibility: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
});
export type TUserContactOption = z.infer<typeof ZUserContactOption>;

export const ZUserContactOptions = z.object({ items: z.array(ZUserContactOption) });
export type TUserContactOptions = z.infer<typeof ZUserContactOptions>;

/** Spec section 2 "appointment dialog": the type of meeting. */
export const APPOINTMENT_TYPES = ['ONLINE_MEETING', 'PHONE_CALL', 'FACE_TO_FACE'] as const;
export type TAppointmentType = (typeof APPOINTMENT_TYPES)[number];

/** Spec section 2 "preferred time of day: all day, before noon, afternoon". */
export const TIMES_OF_DAY = ['ALL_DAY', 'BEFORE_NOON', 'AFTERNOON'] as const;
export type TTimeOfDay = (typeof TIMES_OF_DAY)[number];

/** Longest free text of an appointment request (same bound as the forgot-username message, DECISIONS). */
export const APPOINTMENT_MESSAGE_MAX = 2000;

/**
 * The appointment dialog's fields. The rules between fields (second date not before the first, an e-mail or a
 * phone to answer to, no date in the past) are checked by the server with their own error codes, so the dialog
 * can show the one message that says what is wrong.
 */
export const ZAppointmentRequestBody = z.object({
  contactId: ZId,
  type: z.enum(APPOINTMENT_TYPES),
  firstDate: ZIsoDate,
  secondDate: ZIsoDate,
  timeOfDay: z.enum(TIMES_OF_DAY),
  // The answer's e-mail and phone are read as a contact's are: empty means none.
  email: ZSaveClientContactBody.shape.email,
  phone: ZSaveClientContactBody.shape.phone,
  message: z.string().trim().max(APPOINTMENT_MESSAGE_MAX).nullable().default(null),
});
export type TAppointmentRequestBody = z.input<typeof ZAppointmentRequestBody>;

export const ZAppointmentRequest = z.object({
  id: ZId,
  contactId: ZId,
  type: z.enum(APPOINTMENT_TYPES),
  firstDate: ZIsoDate,
  secondDate: ZIsoDate,
  timeOfDay: z.enum(TIMES_OF_DAY),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: ZIsoDateTime,
});
export type TAppointmentRequest = z.infer<typeof ZAppointmentRequest>;
