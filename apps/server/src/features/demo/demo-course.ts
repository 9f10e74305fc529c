import type { DbOrTrx } from '../../db/database';

/** A course's title and description in each locale the demo writes. */
export type DemoCourseTexts = Record<'de-DE' | 'en-US' | 'fr-FR', { title: string; description: string }>;

const foldForSearch = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Writes a demo course and its texts as the courses feature stores them (no mails, no reminders, no certificate). */
export async function insertDemoCourse(
  trx: DbOrTrx,
  course: { id: string; clientId: string; durationMinutes: number; isPremium: boolean; texts: DemoCourseTexts },
  now: string,
): Promise<void> {
  const { texts } = course;
  const locales = Object.keys(texts) as (keyof DemoCourseTexts)[];
  await trx
    .insertInto('courses')
    .values({
      id: course.id,
      client_id: course.clientId,
      start_date: null,
      deadline: null,
      duration_minutes: course.durationMinutes,
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
      is_premium: course.isPremium,
      search_text: foldForSearch(locales.map((l) => texts[l].title).join('\n')),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('course_texts')
    .values(
      locales.map((locale) => ({
        course_id: course.id,
        client_id: course.clientId,
        locale,
        ...texts[locale],
        title_sort: foldForSearch(texts[locale].title),
      })),
    )
    .execute();
}
