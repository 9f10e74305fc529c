import type { DbOrTrx } from '../../db/database';
import { insertDemoCourse } from './demo-course';
import { insertDemoModules, type DemoModule } from './demo-premium-modules';

// The demo's premium offer (issue 14): prices and bank details for Demo, and one premium course with a PDF and two SCORM modules, so the dashboard's
// catalogue and the purchase screens show something. Written as the premium and courses features store them.

const TEXTS = {
  'de-DE': { title: 'Verhandeln für Fortgeschrittene', description: 'Harvard-Methode, Einwände, Abschluss.' },
  'en-US': { title: 'Advanced negotiation', description: 'Harvard method, objections, closing.' },
  'fr-FR': { title: 'Négociation avancée', description: 'Méthode de Harvard, objections, conclusion.' },
} as const;

export async function insertDemoPremium(
  trx: DbOrTrx,
  clientId: string,
  course: { id: string; modules: readonly DemoModule[] },
  now: string,
): Promise<void> {
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
  const durationMinutes = course.modules.reduce((sum, m) => sum + m.minutes, 0) || 30;
  await insertDemoCourse(trx, { id: course.id, clientId, durationMinutes, isPremium: true, texts: TEXTS }, now);
  await insertDemoModules(trx, clientId, course.id, course.modules, now);
}
