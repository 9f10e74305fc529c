import type { TCertificateTemplate, TCertificateTemplateContent } from '@lms/contracts/certificates';
import type { TLocale } from '@lms/contracts/constants';
import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { isLocale } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  certificateTemplateKeys,
  deleteCertificateTemplate,
  removeCertificateBackground,
  saveCertificateTemplate,
  uploadCertificateBackground,
  useCertificateTemplate,
} from '../api/certificate-templates';
import { CertificatePreview } from '../components/certificate-preview';
import { CertificateTemplateLocaleForm } from '../components/certificate-template-locale-form';
import { LocaleTabs } from '../../../components/locale-tabs';

/** /content/certificate-template/{id}: one tab per locale with subtitle, body, background and a live preview. */
export function CertificateTemplatePage() {
  const { t } = useTranslation('certificates');
  const { id = '' } = useParams();
  const template = useCertificateTemplate(id);
  usePageTitle(template.data?.name ?? t('templates.title'));
  if (template.isPending) return <PageLoader />;
  if (template.isError)
    return (
      <Alert color="red" role="alert">
        {t('templates.loadFailed')}
      </Alert>
    );
  return <CertificateTemplateEditor key={template.data.id} template={template.data} />;
}

const draftsOf = (template: TCertificateTemplate) =>
  Object.fromEntries(template.locales.map((l) => [l.locale, { subtitle: l.subtitle, body: l.body }])) as Record<
    TLocale,
    TCertificateTemplateContent
  >;

function CertificateTemplateEditor({ template }: { template: TCertificateTemplate }) {
  const { t, i18n } = useTranslation('certificates');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(template.name);
  const [drafts, setDrafts] = useState(() => draftsOf(template));
  const [active, setActive] = useState<TLocale>(isLocale(i18n.language) ? i18n.language : 'de-DE');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  /** The translated error, with the unknown placeholders the server named. */
  const explain = (err: unknown) => {
    const list =
      isApiError(err) && Array.isArray(err.details?.placeholders) ? (err.details.placeholders as string[]) : [];
    return list.length > 0
      ? `${errorText(err)} ${t('templates.unknownPlaceholders', { list: list.map((p) => `{{${p}}}`).join(', ') })}`
      : errorText(err);
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const store = async (saved: TCertificateTemplate, message: string) => {
    queryClient.setQueryData(certificateTemplateKeys.one(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: [...certificateTemplateKeys.all, 'list'] });
    notifySuccess(message);
  };

  const save = () =>
    run(async () => store(await saveCertificateTemplate(template.id, { name, locales: drafts }), t('templates.saved')));
  const upload = (file: File) =>
    run(async () => store(await uploadCertificateBackground(template.id, active, file), t('templates.uploaded')));
  const removeBackground = () =>
    run(async () => store(await removeCertificateBackground(template.id, active), t('templates.backgroundRemoved')));
  const remove = () =>
    run(async () => {
      if (!window.confirm(t('templates.deleteConfirm'))) return;
      await deleteCertificateTemplate(template.id);
      await queryClient.invalidateQueries({ queryKey: certificateTemplateKeys.all });
      notifySuccess(t('templates.deleted'));
      await navigate('/content/certificate-template');
    });

  return (
    <Stack>
      <Anchor component={Link} to="/content/certificate-template" size="sm">
        {t('templates.back')}
      </Anchor>
      <Group gap="sm">
        <Title order={1}>{name || template.name}</Title>
        <Badge variant="light" color={template.courseCount > 0 ? 'blue' : 'gray'}>
          {template.courseCount > 0 ? t('templates.usedBy', { count: template.courseCount }) : t('templates.unused')}
        </Badge>
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
        maw={480}
      />
      <LocaleTabs value={active} onChange={setActive} pt="md">
        {(l) => (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
            <CertificateTemplateLocaleForm
              locale={l}
              draft={drafts[l]}
              saved={template.locales.find((x) => x.locale === l)}
              onChange={(d) => setDrafts((all) => ({ ...all, [l]: d }))}
              onUpload={(file) => void upload(file)}
              onRemoveBackground={() => void removeBackground()}
              busy={busy}
            />
            <CertificatePreview templateId={template.id} locale={l} draft={drafts[l]} version={template.updatedAt} />
          </SimpleGrid>
        )}
      </LocaleTabs>
      <Group>
        <Button onClick={() => void save()} loading={busy}>
          {t('templates.save')}
        </Button>
        <Button variant="subtle" color="red" onClick={() => void remove()} disabled={busy}>
          {t('templates.delete')}
        </Button>
      </Group>
    </Stack>
  );
}
