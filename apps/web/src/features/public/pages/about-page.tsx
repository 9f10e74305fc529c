import { Alert, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NamedLoader } from '../../../components/named-loader';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { EditTextButton } from '../components/edit-text-button';
import { PlatformTextEditor } from '../components/platform-text-editor';
import { RichHtml } from '../../../components/rich-html';
import { usePlatformTextPage } from '../components/use-platform-text-page';

/** /about (spec section 2, public): what the platform is, in the reader's language; a SUPERADMIN edits it here. */
export function AboutPage() {
  const { t } = useTranslation('legal');
  const errorText = useErrorText();
  usePageTitle(t('platform.about.title'));
  const { locale, text, mayEdit, editing, setEditing } = usePlatformTextPage('about');
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('platform.about.title')}</Title>
        {mayEdit && !editing && <EditTextButton onClick={() => setEditing(true)} />}
      </Group>
      {editing && <PlatformTextEditor textKey="about" initialLocale={locale} onClose={() => setEditing(false)} />}
      {text.isPending && <NamedLoader label={t('loading')} />}
      {text.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(text.error)}
        </Alert>
      )}
      {text.data && !text.data.html && (
        <Alert color="gray" variant="light" role="note">
          {t('platform.about.empty')}
        </Alert>
      )}
      {text.data?.html && <RichHtml html={text.data.html} testId="about-text" />}
    </Stack>
  );
}
