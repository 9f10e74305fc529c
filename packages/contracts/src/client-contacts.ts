import { z } from 'zod';
import { ZEmail, ZId, ZIsoDateTime } from './common';

/** Spec section 3 "contacts (responsibility, first name, last name, phone, e-mail)", per client. */
export const ZClientContact = z.object({
  id: ZId,
  clientId: ZId,
  responsibility: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  updatedAt: ZIsoDateTime,
});
export type TClientContact = z.infer<typeof ZClientContact>;

/** A client has few contacts (at most CLIENT_CONTACTS_MAX): the list is whole, sorted by the server. */
export const ZClientContactList = z.object({ items: z.array(ZClientContact) });
export type TClientContactList = z.infer<typeof ZClientContactList>;

export const ZClientContactQuery = z.object({ clientId: ZId });

const contactFields = {
  responsibility: z.string().trim().min(1).max(200),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  /** Empty means none. */
  phone: z
    .string()
    .trim()
    .max(50)
    .regex(/^[0-9+()/.\- ]*$/, 'expected a phone number')
    .nullable()
    .default(null)
    .transform((v) => v || null),
  email: z
    .union([z.literal('').transform(() => null), ZEmail])
    .nullable()
    .default(null),
};

export const ZSaveClientContactBody = z.object(contactFields);
export type TSaveClientContactBody = z.input<typeof ZSaveClientContactBody>;

export const ZCreateClientContactBody = z.object({ clientId: ZId, ...contactFields });
export type TCreateClientContactBody = z.input<typeof ZCreateClientContactBody>;
