import { PAGE_SIZES } from '@lms/contracts/constants';
import type { TCourseBody } from '@lms/contracts/courses';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCertificateTemplates } from '../api/certificate-templates';
import { useMailTemplates } from '../api/mail-templates';

/** The course fields that name a mail template, and the kind of template each takes (the server checks the same). */
export const COURSE_TEMPLATE_KINDS = {
  invitationMailTemplateId: 'invitation',
  reminderMailTemplateId: 'reminder',
} as const;
export type MailTemplateField = keyof typeof COURSE_TEMPLATE_KINDS;
/** The mail template fields and the course's certificate template. */
export type CourseTemplateField = MailTemplateField | 'certificateTemplateId';

export interface TemplateChoices {
  options: { value: string; label: string }[];
  /** Every template of the kind is in `options` (loaded, and not cut off by the page size). */
  complete: boolean;
}

const LARGEST_PAGE = Math.max(...PAGE_SIZES);

/** The client's mail templates of one kind, by name, for a picker (GET /api/mail-template?kind=...). */
export function useTemplateChoices(field: MailTemplateField): TemplateChoices {
  const { t } = useTranslation('courses');
  const list = useMailTemplates({ page: 1, pageSize: LARGEST_PAGE, kind: COURSE_TEMPLATE_KINDS[field] });
  const items = list.data?.items ?? [];
  const options = [...items]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((item) => ({
      value: item.id,
      label: item.isStandard ? t('fields.templateStandardName', { name: item.name }) : item.name,
    }));
  return { options, complete: list.isSuccess && items.length >= list.data.total };
}

/** The client's certificate templates, by name (GET /api/certificate-template). */
export function useCertificateTemplateChoices(): TemplateChoices {
  const list = useCertificateTemplates({ page: 1, pageSize: LARGEST_PAGE });
  const items = list.data?.items ?? [];
  const options = [...items]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((item) => ({ value: item.id, label: item.name }));
  return { options, complete: list.isSuccess && items.length >= list.data.total };
}

/**
 * An id that is not among the client's templates of the kind (the template was deleted since) shows as empty and is
 * saved as empty, i.e. the standard template, which is also what mail falls back to for a missing template.
 */
export function knownTemplateId(id: string | null | undefined, choices: TemplateChoices): string | null {
  if (!id) return null;
  if (choices.complete && !choices.options.some((o) => o.value === id)) return null;
  return id;
}

export function withKnownTemplates(
  body: TCourseBody,
  choices: Record<CourseTemplateField, TemplateChoices>,
): TCourseBody {
  return {
    ...body,
    invitationMailTemplateId: knownTemplateId(body.invitationMailTemplateId, choices.invitationMailTemplateId),
    reminderMailTemplateId: knownTemplateId(body.reminderMailTemplateId, choices.reminderMailTemplateId),
    certificateTemplateId: knownTemplateId(body.certificateTemplateId, choices.certificateTemplateId),
  };
}

interface Props {
  field: CourseTemplateField;
  choices: TemplateChoices;
  value: string;
  onChange: (id: string) => void;
}

/** What an empty picker means: the invitation falls back to the standard template; no reminders, no certificates. */
const EMPTY_MEANS = {
  invitationMailTemplateId: { hint: 'fields.templateHint', placeholder: 'fields.templateStandard' },
  reminderMailTemplateId: { hint: 'fields.reminderTemplateHint', placeholder: 'fields.reminderTemplateNone' },
  certificateTemplateId: { hint: 'fields.certificateTemplateHint', placeholder: 'fields.certificateTemplateNone' },
} as const;

/**
 * A searchable, clearable picker of the client's templates of one kind. Empty means the standard template for the
 * invitation; for reminders and certificates it means none (spec section 4: a course without a reminder template
 * sends no reminders, the server answers reminder_no_template).
 */
export function CourseTemplateSelect({ field, choices, value, onChange }: Props) {
  const { t } = useTranslation('courses');
  return (
    <Select
      label={t(`fields.${field}`)}
      description={t(EMPTY_MEANS[field].hint)}
      placeholder={t(EMPTY_MEANS[field].placeholder)}
      data={choices.options}
      value={knownTemplateId(value, choices)}
      onChange={(id) => onChange(id ?? '')}
      searchable
      clearable
      nothingFoundMessage={t('fields.templateNone')}
    />
  );
}
