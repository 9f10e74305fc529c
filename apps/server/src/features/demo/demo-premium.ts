import type { DbOrTrx } from '../../db/database';
import { newId } from '../../platform/ids';

// The demo's premium offer (issue 14): prices and bank details for Demo, and one premium course, so the dashboard's
// catalogue and the purchase screens show something. Written as the premium and courses features store them.

const TEXTS = {
  'de-DE': { title: 'Verhandeln für Fortgeschrittene', description: 'Harvard-Methode, Einwände, Abschluss.' },
  'en-US': { title: 'Advanced negotiation', description: 'Harvard method, objections, closing.' },
  'fr-FR': { title: 'Négociation avancée', description: 'Méthode de Harvard, objections, conclusion.' },
} as const;

const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export async function insertDemoPremium(trx: DbOrTrx, clientId: string, now: string): Promise<void> {
  await trx
    .insertInto('premium_settings')
    .values({
      client_id: clientId,
      is_enabled: true,
      monthly_cents: 999,
      yearly_cents: 9990,
      currency: 'EUR',
      vat_rate_bp: 1900,
      bank_account_holder: 'Demo GmbH',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bank_name: 'Demo Bank',
      seller_vat_id: 'DE123456789',
      last_invoice_seq: 0,
      updated_at: now,
    })
    .execute();
  const courseId = newId();
  const locales = Object.keys(TEXTS) as (keyof typeof TEXTS)[];
  await trx
    .insertInto('courses')
    .values({
      id: courseId,
      client_id: clientId,
      start_date: null,
      deadline: null,
      duration_minutes: 30,
      certificate_template_id: null,
      invitation_mail_template_id: null,
      reminder_mail_template_id: null,
      is_invitation_enabled: false,
      is_reminder_active: false,
      reminder_from: null,
      reminder_until: null,
      reminder_interval_days: null,
      invoice_product_id: null,
      is_active: true,
      is_premium: true,
      search_text: fold(locales.map((l) => TEXTS[l].title).join('\n')),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('course_texts')
    .values(
      locales.map((locale) => ({
        course_id: courseId,
        client_id: clientId,
        locale,
        ...TEXTS[locale],
        title_sort: fold(TEXTS[locale].title),
      })),
    )
    .execute();
}
