import type { TLocale } from '@lms/contracts/constants';
import type { TCourse, TCourseSummary } from '@lms/contracts/courses';
import type { TCourseFile } from '@lms/contracts/course-files';
import { LOCALES } from '@lms/contracts/constants';
import { pickLocalized, type TModule } from '@lms/contracts/modules';
import type { CourseRow, CourseTextRow } from './course.repository';
import { courseCoverUrl } from './course-cover-url';

type Texts = Partial<Record<TLocale, { title: string; description: string }>>;

export function textsByLocale(rows: CourseTextRow[]): Texts {
  const texts: Texts = {};
  for (const row of rows) texts[row.locale as TLocale] = { title: row.title, description: row.description };
  return texts;
}

export function presentCourseSummary(
  row: CourseRow,
  texts: Texts,
  moduleCount: number,
  locale: TLocale,
): TCourseSummary {
  const shown = pickLocalized(texts, locale);
  return {
    id: row.id,
    title: shown?.title ?? '',
    description: shown?.description ?? '',
    locales: LOCALES.filter((l) => texts[l] !== undefined),
    startDate: row.start_date,
    deadline: row.deadline,
    active: row.is_active,
    premium: row.is_premium,
    moduleCount,
    coverUrl: courseCoverUrl(row.id, row.cover_key),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentCourse(
  row: CourseRow,
  texts: Texts,
  modules: TModule[],
  files: TCourseFile[],
  locale: TLocale,
): TCourse {
  return {
    ...presentCourseSummary(row, texts, modules.length, locale),
    i18n: texts,
    durationMinutes: row.duration_minutes,
    requiredModuleIds: modules.filter((m) => m.required).map((m) => m.id),
    certificateTemplateId: row.certificate_template_id,
    invitationMailTemplateId: row.invitation_mail_template_id,
    reminderMailTemplateId: row.reminder_mail_template_id,
    invitationEnabled: row.is_invitation_enabled,
    reminder: {
      active: row.is_reminder_active,
      from: row.reminder_from,
      until: row.reminder_until,
      intervalDays: row.reminder_interval_days,
    },
    invoiceProductId: row.invoice_product_id,
    validity: { months: row.validity_months, renewalDays: row.renewal_days },
    modules,
    files,
  };
}
