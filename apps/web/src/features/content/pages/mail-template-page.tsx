import { LOCALES, type TLocale } from '@lms/contracts/constants';
import type { TMailTemplate, TMailTemplateContent, TMailTemplatePreview } from '@lms/contracts/mail-templates';
import { Alert, Anchor, Badge, Button, Group, Modal, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorAt, fieldErrorsOf, hasErrorUnder, type FieldErrors } from '../../../components/field-errors';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { isLocale } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  deleteMailTemplate,
  mailTemplateKeys,
  previewMailTemplate,
  removeMailTemplateFile,
  saveMailTemplate,
  uploadMailTemplateFile,
  useMailTemplate,
} from '../api/mail-templates';
import { LocaleTabs } from '../../../components/locale-tabs';
import { MailPreview } from '../components/mail-preview';
import { MailTemplateLocaleForm } from '../components/mail-template-locale-form';
import { notifySuccess } from '../../../lib/notify';

/** /content/mail-template/{id}: one tab per locale with subject, text, HTML, HTML file and a preview. */
export function MailTemplatePage() {
  const { t } = useTranslation('mail');
  const { id = '' } = useParams();
  const template = useMailTemplate(id);
  usePageTitle(template.data?.name ?? t('templates.title'));
  if (template.isPending) return <PageLoader />;
  if (template.isError)
    return (
      <Alert color="red" role="alert">
        {t('templates.loadFailed')}
      </Alert>
    );
  return <MailTemplateEditor key={template.data.id} template={template.data} />;
}

const draftsOf = (template: TMailTemplate) =>
  Object.fromEntries(
    template.locales.map((l) => [l.locale, { subject: l.subject, bodyText: l.bodyText, bodyHtml: l.bodyHtml }]),
  ) as Record<TLocale, TMailTemplateContent>;

function MailTemplateEditor({ template }: { template: TMailTemplate }) {
  const { t, i18n } = useTranslation('mail');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(template.name);
  const [drafts, setDrafts] = useState(() => draftsOf(template));
  const [active, setActive] = useState<TLocale>(isLocale(i18n.language) ? i18n.language : 'de-DE');
  const [preview, setPreview] = useState<TMailTemplatePreview | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const invalidLocales = LOCALES.filter((l) => hasErrorUnder(fieldErrors, `locales.${l}`));

  /** The translated error, with the unknown placeholders the server named. */
  const explain = (err: unknown) => {
    const list =
      isApiError(err) && Array.isArray(err.details?.placeholders) ? (err.details.placeholders as string[]) : [];
    if (list.length > 0)
      return `${errorText(err)} ${t('templates.unknownPlaceholders', { list: list.map((p) => `{{${p}}}`).join(', ') })}`;
    return Object.keys(fieldErrorsOf(err)).length > 0 ? t('forms:checkMarked') : errorText(err);
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await action();
    } catch (err) {
      setError(err);
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

  const store = async (saved: TMailTemplate, message: string) => {
    queryClient.setQueryData(mailTemplateKeys.one(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: [...mailTemplateKeys.all, 'list'] });
    notifySuccess(message);
  };

  const save = () =>
    run(async () => store(await saveMailTemplate(template.id, { name, locales: drafts }), t('templates.saved')));
  const showPreview = () =>
    run(async () => setPreview(await previewMailTemplate(template.id, { locale: active, content: drafts[active] })));
  const upload = (file: File) =>
    run(async () => store(await uploadMailTemplateFile(template.id, active, file), t('templates.uploaded')));
  const removeFile = () =>
    run(async () => store(await removeMailTemplateFile(template.id, active), t('templates.fileRemoved')));
  const remove = () =>
    run(async () => {
      if (!window.confirm(t('templates.deleteConfirm'))) return;
      await deleteMailTemplate(template.id);
      await queryClient.invalidateQueries({ queryKey: mailTemplateKeys.all });
      notifySuccess(t('templates.deleted'));
      await navigate('/content/mail-template');
    });

  return (
    <Stack>
      <Anchor component={Link} to="/content/mail-template" size="sm">
        {t('templates.back')}
      </Anchor>
      <Group gap="sm">
        <Title order={1}>{name || template.name}</Title>
        <Badge variant="light">{t(`kinds.${template.kind}`)}</Badge>
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
      <LocaleTabs
        value={active}
        onChange={(l) => {
          setActive(l);
          setPreview(null);
        }}
        pt="md"
        invalid={invalidLocales}
      >
        {(l) => (
          <MailTemplateLocaleForm
            locale={l}
            kind={template.kind}
            draft={drafts[l]}
            saved={template.locales.find((x) => x.locale === l)}
            errors={{
              subject: errorAt(fieldErrors, `locales.${l}.subject`),
              bodyText: errorAt(fieldErrors, `locales.${l}.bodyText`),
              bodyHtml: errorAt(fieldErrors, `locales.${l}.bodyHtml`),
            }}
            onChange={(d) => setDrafts((all) => ({ ...all, [l]: d }))}
            onUpload={(file) => void upload(file)}
            onRemoveFile={() => void removeFile()}
            busy={busy}
          />
        )}
      </LocaleTabs>
      <Group>
        <Button onClick={() => void save()} loading={busy}>
          {t('templates.save')}
        </Button>
        <Button variant="light" onClick={() => void showPreview()} disabled={busy}>
          {t('templates.preview')}
        </Button>
        <Button variant="subtle" color="red" onClick={() => void remove()} disabled={busy}>
          {t('templates.delete')}
        </Button>
      </Group>
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={t('templates.previewTitle')}
        size="xl"
        closeButtonProps={{ 'aria-label': t('templates.previewClose') }}
      >
        {preview && <MailPreview preview={preview} />}
      </Modal>
    </Stack>
  );
}
