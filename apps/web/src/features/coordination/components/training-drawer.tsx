import type { TTrainingPerson } from '@lms/contracts/trainings';
import { NO_VALIDITY, type TValidity } from '@lms/contracts/validity';
import { Checkbox, MultiSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { ValidityFields } from '../../../components/validity-fields';
import { editLoad, FormDrawer, StackedForm, type EditState } from '../../../components/form-drawer';
import { FormButtons, FormError } from '../../../components/form-submit';
import { useErrorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { groupKeys, useAllGroups } from '../api/groups';
import { createTraining, refreshTrainings, updateTraining, useTraining } from '../api/trainings';
import { CoursePicker, type CourseChoice } from './course-picker';
import { UserPicker } from './user-picker';

export type TrainingDrawerState = EditState;

interface Draft {
  course: CourseChoice | null;
  groupIds: string[];
  users: TTrainingPerson[];
  startDate: string;
  deadline: string;
  /** Issue 30 point 1: null follows the course's validity. */
  validity: TValidity | null;
}

const EMPTY: Draft = { course: null, groupIds: [], users: [], startDate: '', deadline: '', validity: null };

/**
 * Create and edit drawer of /coordination/trainings: the course (fixed once created: progress hangs on its
 * modules), the groups, individually added users and the training's own start date and deadline (DECISIONS
 * "training": it may override the course's dates).
 */
export function TrainingDrawer({ state, onClose }: { state: TrainingDrawerState; onClose: () => void }) {
  const { t, i18n } = useTranslation('trainings');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const editId = state?.mode === 'edit' ? state.id : null;
  const loaded = useTraining(editId);
  const training = editId ? loaded.data : undefined;
  const groups = useAllGroups();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ course?: string; deadline?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setError(null);
    setFieldErrors({});
    setDraft(
      training
        ? {
            course: { id: training.courseId, title: training.courseTitle },
            groupIds: training.groups.map((g) => g.id),
            users: training.directUsers,
            startDate: training.startDate ?? '',
            deadline: training.deadline ?? '',
            validity: training.validity,
          }
        : EMPTY,
    );
  }, [state, training]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const groupOptions = (groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }));
  // A group of the training the list does not hold (another coordinator's) still shows by its name.
  for (const g of training?.groups ?? [])
    if (!groupOptions.some((o) => o.value === g.id)) groupOptions.push({ value: g.id, label: g.name });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const problems: typeof fieldErrors = {};
    if (!draft.course) problems.course = t('drawer.courseRequired');
    if (draft.startDate && draft.deadline && draft.deadline < draft.startDate)
      problems.deadline = t('drawer.deadlineBeforeStart');
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0 || !draft.course) return;
    setBusy(true);
    setError(null);
    const common = {
      groupIds: draft.groupIds,
      userIds: draft.users.map((u) => u.id),
      startDate: draft.startDate || null,
      deadline: draft.deadline || null,
      validity: draft.validity,
    };
    try {
      if (training) await updateTraining(training.id, common);
      else await createTraining({ courseId: draft.course.id, ...common });
      notifySuccess(t(training ? 'drawer.saved' : 'drawer.created'));
      await refreshTrainings(queryClient);
      // The groups list shows each group's courses (the server fills them from the trainings).
      await queryClient.invalidateQueries({ queryKey: groupKeys.all });
      onClose();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  /** The course's date, shown under the field that overrides it: known from the picker, or applied when unset. */
  const courseDate = (field: 'startDate' | 'deadline') => {
    const effective = field === 'startDate' ? training?.effectiveStartDate : training?.effectiveDeadline;
    const date = training ? (training[field] === null ? effective : undefined) : draft.course?.[field];
    if (date === undefined) return t('drawer.courseDateUnknown');
    return date ? t('drawer.courseDate', { date: formatDate(date, i18n.language) }) : t('drawer.noCourseDate');
  };

  /** The course's validity, which applies unless the training sets its own (known once the training is loaded). */
  const courseValidity = () => {
    const v = training && training.validity === null ? training.effectiveValidity : undefined;
    if (!v) return undefined;
    const value =
      v.months === null
        ? t('trainings:validity.form.never')
        : t('trainings:validity.form.monthsValue', { count: v.months });
    return t('trainings:validity.form.courseDefault', { value });
  };

  return (
    <FormDrawer
      opened={state !== null}
      onClose={onClose}
      size="lg"
      title={state?.mode === 'create' ? t('drawer.createTitle') : t('drawer.editTitle')}
      load={editLoad(editId, loaded, t('drawer.loading'))}
    >
      {(state?.mode === 'create' || training) && (
        <StackedForm onSubmit={(e) => void save(e)}>
          <FormError error={error} />
          {training ? (
            <div>
              <Text size="sm" fw={500}>
                {t('fields.course')}
              </Text>
              <Text>{training.courseTitle}</Text>
              <Text size="xs" c="dimmed">
                {t('drawer.courseFixed')}
              </Text>
            </div>
          ) : (
            <CoursePicker
              value={draft.course}
              onChange={(c) => {
                set('course', c);
                setFieldErrors((f) => ({ ...f, course: undefined }));
              }}
              error={fieldErrors.course}
            />
          )}
          <MultiSelect
            label={t('fields.groups')}
            description={t('drawer.groupsHint')}
            data={groupOptions}
            value={draft.groupIds}
            onChange={(ids) => set('groupIds', ids)}
            searchable
            clearable
            nothingFoundMessage={t('drawer.noGroups')}
            maxDropdownHeight={260}
          />
          <UserPicker
            label={t('fields.users')}
            description={t('drawer.usersHint')}
            value={draft.users}
            onChange={(users) => set('users', users)}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateField
              label={t('fields.startDate')}
              description={courseDate('startDate')}
              value={draft.startDate}
              onChange={(v) => set('startDate', v)}
            />
            <DateField
              label={t('fields.deadline')}
              description={courseDate('deadline')}
              value={draft.deadline}
              onChange={(v) => set('deadline', v)}
              error={fieldErrors.deadline}
            />
          </SimpleGrid>
          <Stack gap="xs">
            <Checkbox
              label={t('trainings:validity.form.own')}
              description={courseValidity()}
              checked={draft.validity !== null}
              onChange={(e) =>
                set('validity', e.currentTarget.checked ? (training?.effectiveValidity ?? NO_VALIDITY) : null)
              }
            />
            {draft.validity && (
              <ValidityFields
                value={draft.validity}
                onChange={(v) => set('validity', v)}
                hint={training ? t('trainings:validity.form.recompute') : undefined}
              />
            )}
          </Stack>
          <FormButtons busy={busy} onCancel={onClose} submitLabel={t(training ? 'common:save' : 'drawer.create')} />
        </StackedForm>
      )}
    </FormDrawer>
  );
}
