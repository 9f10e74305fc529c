import { LOCALES, type TLocale } from '@lms/contracts/constants';
import type { TCourse, TCourseBody } from '@lms/contracts/courses';
import {
  Box,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { ValidityFields } from '../../../components/validity-fields';
import { NO_VALIDITY, type TValidity } from '@lms/contracts/validity';
import { CourseTemplateSelect, type CourseTemplateField, type TemplateChoices } from './course-template-select';
import { LocaleTabs } from '../../../components/locale-tabs';

export type CourseDraft = {
  texts: Record<TLocale, { title: string; description: string }>;
  startDate: string;
  deadline: string;
  durationMinutes: number | '';
  requiredModuleIds: string[];
  invitationMailTemplateId: string;
  reminderMailTemplateId: string;
  certificateTemplateId: string;
  invitationEnabled: boolean;
  reminderActive: boolean;
  reminderFrom: string;
  reminderUntil: string;
  reminderIntervalDays: number | '';
  invoiceProductId: string;
  active: boolean;
  premium: boolean;
  validity: TValidity;
};

export function draftOf(course: TCourse | undefined): CourseDraft {
  const texts = Object.fromEntries(
    LOCALES.map((l) => [l, { title: course?.i18n[l]?.title ?? '', description: course?.i18n[l]?.description ?? '' }]),
  ) as CourseDraft['texts'];
  return {
    texts,
    startDate: course?.startDate ?? '',
    deadline: course?.deadline ?? '',
    durationMinutes: course?.durationMinutes ?? '',
    requiredModuleIds: course?.requiredModuleIds ?? [],
    invitationMailTemplateId: course?.invitationMailTemplateId ?? '',
    reminderMailTemplateId: course?.reminderMailTemplateId ?? '',
    certificateTemplateId: course?.certificateTemplateId ?? '',
    invitationEnabled: course?.invitationEnabled ?? false,
    reminderActive: course?.reminder.active ?? false,
    reminderFrom: course?.reminder.from ?? '',
    reminderUntil: course?.reminder.until ?? '',
    reminderIntervalDays: course?.reminder.intervalDays ?? '',
    invoiceProductId: course?.invoiceProductId ?? '',
    active: course?.active ?? true,
    premium: course?.premium ?? false,
    validity: course?.validity ?? NO_VALIDITY,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Locales with a title are saved; a locale left empty is no translation (DECISIONS "course texts" fallback). */
export function bodyOf(draft: CourseDraft): TCourseBody {
  const i18n: TCourseBody['i18n'] = {};
  for (const l of LOCALES) {
    const text = draft.texts[l];
    if (text.title.trim() !== '') i18n[l] = { title: text.title.trim(), description: text.description };
  }
  return {
    i18n,
    startDate: orNull(draft.startDate),
    deadline: orNull(draft.deadline),
    durationMinutes: draft.durationMinutes === '' ? null : draft.durationMinutes,
    requiredModuleIds: draft.requiredModuleIds,
    certificateTemplateId: orNull(draft.certificateTemplateId),
    invitationMailTemplateId: orNull(draft.invitationMailTemplateId),
    reminderMailTemplateId: orNull(draft.reminderMailTemplateId),
    invitationEnabled: draft.invitationEnabled,
    reminder: {
      active: draft.reminderActive,
      from: orNull(draft.reminderFrom),
      until: orNull(draft.reminderUntil),
      intervalDays: draft.reminderIntervalDays === '' ? null : draft.reminderIntervalDays,
    },
    invoiceProductId: orNull(draft.invoiceProductId),
    active: draft.active,
    premium: draft.premium,
    validity: draft.validity,
  };
}

interface Props {
  draft: CourseDraft;
  onChange: (draft: CourseDraft) => void;
  modules: TCourse['modules'];
  activeLocale: TLocale;
  onLocale: (locale: TLocale) => void;
  /** The client's invitation, reminder and certificate templates for the pickers (the page also uses them to save). */
  templates: Record<CourseTemplateField, TemplateChoices>;
}

/** The course's fields: a tab per locale for title and description, then the settings of spec section 3. */
export function CourseForm({ draft, onChange, modules, activeLocale, onLocale, templates }: Props) {
  const { t } = useTranslation('courses');
  const set = <K extends keyof CourseDraft>(key: K, value: CourseDraft[K]) => onChange({ ...draft, [key]: value });
  const setText = (locale: TLocale, field: 'title' | 'description', value: string) =>
    set('texts', { ...draft.texts, [locale]: { ...draft.texts[locale], [field]: value } });
  const dateInput = (key: 'startDate' | 'deadline' | 'reminderFrom' | 'reminderUntil', label: string) => (
    <DateField label={label} value={draft[key]} onChange={(v) => set(key, v)} />
  );
  const templateSelect = (field: CourseTemplateField) => (
    <CourseTemplateSelect
      field={field}
      choices={templates[field]}
      value={draft[field]}
      onChange={(id) => set(field, id)}
    />
  );

  return (
    <>
      <Fieldset legend={t('form.texts')}>
        <LocaleTabs value={activeLocale} onChange={onLocale} pt="sm">
          {(l) => (
            <>
              <TextInput
                label={t('fields.title')}
                value={draft.texts[l].title}
                onChange={(e) => setText(l, 'title', e.currentTarget.value)}
                maxLength={200}
              />
              <Textarea
                mt="sm"
                label={t('fields.description')}
                autosize
                minRows={3}
                value={draft.texts[l].description}
                onChange={(e) => setText(l, 'description', e.currentTarget.value)}
              />
            </>
          )}
        </LocaleTabs>
      </Fieldset>

      <Fieldset legend={t('form.schedule')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {dateInput('startDate', t('fields.startDate'))}
          {dateInput('deadline', t('fields.deadline'))}
          <NumberInput
            label={t('fields.durationMinutes')}
            min={0}
            value={draft.durationMinutes}
            onChange={(v) => set('durationMinutes', typeof v === 'number' ? v : '')}
          />
        </SimpleGrid>
        <MultiSelect
          mt="sm"
          label={t('fields.requiredModules')}
          // Disabled without modules: the hint then says why.
          description={modules.length === 0 ? t('forms:noModulesYet') : t('fields.requiredModulesHint')}
          data={modules.map((m) => ({ value: m.id, label: m.title || m.fileName }))}
          value={draft.requiredModuleIds}
          onChange={(v) => set('requiredModuleIds', v)}
          disabled={modules.length === 0}
          clearable
        />
        <Box mt="sm">
          <ValidityFields value={draft.validity} onChange={(v) => set('validity', v)} />
        </Box>
      </Fieldset>

      <Fieldset legend={t('form.mail')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {templateSelect('invitationMailTemplateId')}
          {templateSelect('reminderMailTemplateId')}
          {templateSelect('certificateTemplateId')}
        </SimpleGrid>
        <Checkbox
          mt="sm"
          label={t('fields.invitationEnabled')}
          checked={draft.invitationEnabled}
          onChange={(e) => set('invitationEnabled', e.currentTarget.checked)}
        />
      </Fieldset>

      <Fieldset legend={t('form.reminders')}>
        <Switch
          label={t('fields.reminderActive')}
          checked={draft.reminderActive}
          onChange={(e) => set('reminderActive', e.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
          {dateInput('reminderFrom', t('fields.reminderFrom'))}
          {dateInput('reminderUntil', t('fields.reminderUntil'))}
          <NumberInput
            label={t('fields.reminderIntervalDays')}
            min={1}
            max={365}
            value={draft.reminderIntervalDays}
            onChange={(v) => set('reminderIntervalDays', typeof v === 'number' ? v : '')}
          />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('form.offer')}>
        <TextInput
          label={t('fields.invoiceProductId')}
          value={draft.invoiceProductId}
          onChange={(e) => set('invoiceProductId', e.currentTarget.value)}
          maxLength={100}
        />
        <Group mt="sm">
          <Switch
            label={t('fields.active')}
            checked={draft.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
          <Switch
            label={t('fields.premium')}
            checked={draft.premium}
            onChange={(e) => set('premium', e.currentTarget.checked)}
          />
        </Group>
      </Fieldset>
    </>
  );
}
