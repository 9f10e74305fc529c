import type { TLegalTextKind } from '@lms/contracts/legal-texts';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NamedLoader } from '../../../components/named-loader';
import { useErrorText } from '../../../lib/error-text';
import { splitOpeningHeading } from '../../../lib/leading-heading';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLegalText } from '../api/texts';
import { PdfViewer } from '../../../components/pdf-viewer';
import { RichHtml, RichTitle } from '../../../components/rich-html';

/**
 * /client/imprint and /client/privacy-policy (spec section 2: public, open while a password change is pending):
 * the host client's text as the server resolved it (DECISIONS "legal text types").
 */
function LegalPage({ kind }: { kind: TLegalTextKind }) {
  const { t } = useTranslation('legal');
  const errorText = useErrorText();
  const title = t(`kinds.${kind}`);
  usePageTitle(title);
  const text = useLegalText(kind);
  const url = text.data?.type === 'URL' ? text.data.url : undefined;

  // A link type sends the reader on; replace() so "back" returns to where they came from, not to this hop.
  useEffect(() => {
    if (url) window.location.replace(url);
  }, [url]);

  // A text that opens with its own h1 ("# Impressum") has it shown as the page's heading, in place of ours.
  const { headingHtml, bodyHtml } = splitOpeningHeading(text.data?.type === 'HTML' ? (text.data.html ?? '') : '');

  return (
    <Stack>
      {headingHtml ? <RichTitle html={headingHtml} /> : <Title order={1}>{title}</Title>}
      {text.isPending && <NamedLoader label={t('loading')} />}
      {text.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(text.error)}
        </Alert>
      )}
      {text.data?.type === 'NONE' && (
        <Alert color="gray" variant="light" role="note" data-testid="legal-empty">
          {t(`empty.${kind}`)}
        </Alert>
      )}
      {text.data?.type === 'HTML' && <RichHtml html={bodyHtml} testId="legal-text" />}
      {url && (
        <Text>
          {t('redirecting')} <Anchor href={url}>{url}</Anchor>
        </Text>
      )}
      {text.data?.type === 'PDF' && text.data.pdfUrl && (
        <PdfViewer path={text.data.pdfUrl.replace(/^\/api/, '')} title={title} fileName={`${t(`files.${kind}`)}.pdf`} />
      )}
    </Stack>
  );
}

export const ImprintPage = () => <LegalPage kind="imprint" />;
export const PrivacyPolicyPage = () => <LegalPage kind="privacy-policy" />;
