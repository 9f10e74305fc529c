import { LOCALES, type TLocale } from '@lms/contracts/constants';
import { Alert, Anchor, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { errorAt, fieldErrorsOf, hasErrorUnder, type FieldErrors } from '../../../components/field-errors';
import { LocaleTabs } from '../../../components/locale-tabs';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { isLocale } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import type { EditedTemplate, EditorContext, TemplateKindUi } from './template-kind';
import { TemplateLocaleForm } from './template-locale-form';

type Item = { id: string; name: string; updatedAt: string };

/** /content/<kind>-template/{id}: the name, and one tab per locale with the kind's texts, file and preview. */
export function TemplatePage<T extends EditedTemplate<S>, C, S, I extends Item>({
  kind,
}: {
  kind: TemplateKindUi<T, C, S, I>;
}) {
  const { t } = useTranslation(kind.ns);
  const { id = '' } = useParams();
  const template = kind.useOne(id);
  usePageTitle(template.data?.name ?? t('templates.title'));
  if (template.isPending) return <PageLoader />;
  if (template.isError)
    return (
      <Alert color="red" role="alert">
        {t('templates.loadFailed')}
      </Alert>
    );
  return <TemplateEditor key={template.data.id} kind={kind} template={template.data} />;
}

function TemplateEditor<T extends EditedTemplate<S>, C, S, I extends Item>({
  kind,
  template,
}: {
  kind: TemplateKindUi<T, C, S, I>;
  template: T;
}) {
  const { t, i18n } = useTranslation(kind.ns);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(template.name);
  const [drafts, setDrafts] = useState(
    () => Object.fromEntries(template.locales.map((l) => [l.locale, kind.draftOf(l)])) as Record<TLocale, C>,
  );
  const [active, setActive] = useState<TLocale>(isLocale(i18n.language) ? i18n.language : 'de-DE');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const invalidLocales = LOCALES.filter((l) => hasErrorUnder(fieldErrors, `locales.${l}`));
  const form = kind.form(t, i18n.language, template);

  /** The translated error, with the unknown placeholders the server named. */
  const explain = (err: unknown) => {
    const list =
      isApiError(err) && Array.isArray(err.details?.placeholders) ? (err.details.placeholders as string[]) : [];
    if (list.length > 0)
      return `${errorText(err)} ${t('templates.unknownPlaceholders', { list: list.map((p) => `{{${p}}}`).join(', ') })}`;
    return kind.marksFields && Object.keys(fieldErrorsOf(err)).length > 0 ? t('forms:checkMarked') : errorText(err);
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await action();
    } catch (err) {
      setError(err);
      if (!kind.marksFields) return;
      // A failed save marks the fields the server named and their tabs; the open tab moves to the first marked one
      // when its own fields are fine, so the reader sees what to fix (issue 12: an empty English subject).
      const marked = fieldErrorsOf(err);
      setFieldErrors(marked);
      const first = LOCALES.find((l) => hasErrorUnder(marked, `locales.${l}`));
      if (first && !hasErrorUnder(marked, `locales.${active}`)) setActive(first);
    } finally {
      setBusy(false);
    }
  };

  const store = async (saved: T, message: string) => {
    queryClient.setQueryData(kind.queryKeys.one(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: [...kind.queryKeys.all, 'list'] });
    notifySuccess(message);
  };

  const save = () =>
    run(async () => store(await kind.save(template.id, { name, locales: drafts }), t('templates.saved')));
  const upload = (file: File) =>
    run(async () => store(await kind.upload(template.id, active, file), t('templates.uploaded')));
  const removeFile = () =>
    run(async () => store(await kind.removeFile(template.id, active), t(kind.messages.fileRemoved)));
  const [askingDelete, setAskingDelete] = useState(false);
  const remove = () =>
    run(async () => {
      setAskingDelete(false);
      await kind.remove(template.id);
      await queryClient.invalidateQueries({ queryKey: kind.queryKeys.all });
      notifySuccess(t('templates.deleted'));
      await navigate(kind.path);
    });

  const context = (locale: TLocale): EditorContext<T, C> => ({ template, locale, draft: drafts[locale], busy, run });

  return (
    <Stack>
      <Anchor component={Link} to={kind.path} size="sm">
        {t('templates.back')}
      </Anchor>
      <Group gap="sm">
        <Title order={1}>{name || template.name}</Title>
        {kind.badge(template, t)}
      </Group>
      {error !== null && (
        <Alert color="red" variant="light" role="alert">
          {explain(error)}
        </Alert>
      )}
      <TextInput
        label={t('templates.name')}
        required
        maxLength={200}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errorAt(fieldErrors, 'name')}
        maw={480}
      />
      {kind.header?.(template)}
      <LocaleTabs value={active} onChange={setActive} pt="md" invalid={invalidLocales}>
        {(l) => {
          const localeForm = (
            <TemplateLocaleForm
              spec={form}
              locale={l}
              draft={drafts[l]}
              saved={template.locales.find((x) => x.locale === l)}
              errors={Object.fromEntries(
                form.fields.map((f) => [f.key, errorAt(fieldErrors, `locales.${l}.${f.key}`)]),
              )}
              onChange={(d) => setDrafts((all) => ({ ...all, [l]: d }))}
              onUpload={(file) => void upload(file)}
              onRemoveFile={() => void removeFile()}
              busy={busy}
              words={{
                placeholdersTitle: t('templates.placeholdersTitle'),
                placeholdersHint: t('templates.placeholdersHint'),
              }}
            />
          );
          return kind.panel ? kind.panel(localeForm, context(l)) : localeForm;
        }}
      </LocaleTabs>
      <Group>
        <Button onClick={() => void save()} loading={busy}>
          {t('templates.save')}
        </Button>
        {/* Keyed by the open locale: another tab starts without the last one's preview. */}
        <Fragment key={active}>{kind.actions?.(context(active))}</Fragment>
        <Button variant="subtle" color="red" onClick={() => setAskingDelete(true)} disabled={busy}>
          {t('templates.delete')}
        </Button>
      </Group>
      <ConfirmDeleteModal
        opened={askingDelete}
        title={name || template.name}
        text={t('templates.deleteConfirm')}
        confirmLabel={t('templates.delete')}
        busy={busy}
        onCancel={() => setAskingDelete(false)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
