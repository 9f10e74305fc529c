import type { TCertificateTemplateContent } from '@lms/contracts/certificates';
import type { TLocale } from '@lms/contracts/constants';
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NamedLoader } from '../../../components/named-loader';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { previewCertificate } from '../api/certificate-templates';
import { useDesignDraft } from './certificate-design-draft';

interface Props {
  templateId: string;
  locale: TLocale;
  draft: TCertificateTemplateContent;
  /** Changes when the saved template changes (a new background), so the preview is made again. */
  version: string;
}

type Shown = { url: string; ratio: number } | { error: unknown } | null;

/** Height over width of the page (x-page-size, in points); A4 portrait when the header is missing. */
function ratioOf(headers: Headers): number {
  const m = /^(\d+)x(\d+)$/.exec(headers.get('x-page-size') ?? '');
  const [w, h] = m ? [Number(m[1]), Number(m[2])] : [595, 842];
  return w > 0 && h > 0 ? h / w : 842 / 595;
}

/**
 * The live preview (spec section 2 "certificate template admin"): the server makes the certificate of a sample
 * person from the unsaved texts over the saved background, a moment after the last keystroke, and the PDF is shown
 * in a frame. Phones show no PDF inside a page, so the same file is offered as a link to open.
 */
export function CertificatePreview({ templateId, locale, draft, version }: Props) {
  const { t } = useTranslation('certificates');
  const errorText = useErrorText();
  const design = useDesignDraft(templateId);
  const [debounced] = useDebouncedValue(draft, 600);
  const [debouncedDesign] = useDebouncedValue(design, 400);
  const [shown, setShown] = useState<Shown>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const abort = new AbortController();
    let url: string | undefined;
    setLoading(true);
    previewCertificate(templateId, locale, debounced, { signal: abort.signal, design: debouncedDesign })
      .then(({ blob, headers }) => {
        url = URL.createObjectURL(blob);
        setShown({ url, ratio: ratioOf(headers) });
      })
      .catch((err: unknown) => {
        if (!abort.signal.aborted) setShown({ error: err });
      })
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [templateId, locale, debounced, debouncedDesign, version]);

  const unknown =
    shown && 'error' in shown && isApiError(shown.error) && Array.isArray(shown.error.details?.placeholders)
      ? (shown.error.details.placeholders as string[])
      : [];
  const reason =
    shown && 'error' in shown
      ? unknown.length > 0
        ? t('templates.unknownPlaceholders', { list: unknown.map((p) => `{{${p}}}`).join(', ') })
        : errorText(shown.error)
      : '';

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {t('templates.previewTitle')}
          </Title>
          {loading && <NamedLoader size="xs" label={t('templates.previewLoading')} />}
        </Group>
        <Text size="sm">{t('templates.previewHint')}</Text>
        {shown && 'error' in shown && (
          <Alert color="red" variant="light" role="alert">
            {t('templates.previewFailed', { reason })}
          </Alert>
        )}
        {shown && 'url' in shown && (
          <>
            {/* As tall as the page at the frame's width, plus the viewer's toolbar: no empty grey below it. */}
            <div style={{ position: 'relative', width: '100%', paddingTop: `calc(${shown.ratio * 100}% + 64px)` }}>
              <iframe
                title={t('templates.previewFrame', { locale })}
                src={`${shown.url}#view=FitH`}
                data-testid="certificate-preview"
                style={{
                  position: 'absolute',
                  inset: 0,
                  width: '100%',
                  height: '100%',
                  border: '1px solid var(--mantine-color-gray-4)',
                  background: '#fff',
                }}
              />
            </div>
            <Anchor href={shown.url} target="_blank" rel="noopener" size="sm">
              {t('templates.previewOpen')}
            </Anchor>
          </>
        )}
      </Stack>
    </Paper>
  );
}
