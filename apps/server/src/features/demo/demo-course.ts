import type { DbOrTrx } from '../../db/database';
import { foldForSearch } from '../courses';

/** A course's title and description in the locales it is written in (the demo writes all three). */
export type DemoCourseTexts = Partial<Record<'de-DE' | 'en-US' | 'fr-FR', { title: string; description: string }>>;

/**
 * Writes a course and its texts as the courses feature stores them (no mails, no reminders, no certificate), for the
 * demo seed and the bench's seed (bench/scenarios/trainings.ts).
 */
export async function insertDemoCourse(
  trx: DbOrTrx,
  course: {
    id: string;
    clientId: string;
    durationMinutes: number;
    isPremium: boolean;
    deadline?: string | null;
    certificateTemplateId?: string | null;
    texts: DemoCourseTexts;
  },
  now: string,
): Promise<void> {
  const texts = Object.entries(course.texts).map(([locale, text]) => ({ locale, ...text }));
  await trx
    .insertInto('courses')
    .values({
      id: course.id,
      client_id: course.clientId,
      start_date: null,
      deadline: course.deadline ?? null,
      duration_minutes: course.durationMinutes,
      certificate_template_id: course.certificateTemplateId ?? null,
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
      search_text: foldForSearch(texts.map((t) => t.title).join('\n')),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('course_texts')
    .values(
      texts.map((t) => ({
        course_id: course.id,
        client_id: course.clientId,
        ...t,
        title_sort: foldForSearch(t.title),
      })),
    )
    .execute();
}
