import { Alert, Anchor, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetchBlob } from '../lib/api-client';
import { useErrorText } from '../lib/error-text';
import { NamedLoader } from './named-loader';

interface Props {
  /** The API path of the PDF, below /api. */
  path: string;
  title: string;
  fileName: string;
}

/**
 * A PDF shown in the page, with a download link. The app's CSP lets frames show only blob: URLs (besides the
 * content origin), so the file is fetched and shown from a blob; phones that show no PDF in a frame use the link.
 */
export function PdfViewer({ path, title, fileName }: Props) {
  const { t } = useTranslation('legal');
  const errorText = useErrorText();
  const [shown, setShown] = useState<{ url: string } | { error: unknown } | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    let url: string | undefined;
    apiFetchBlob(path, { signal: abort.signal, skipPolicy: true })
      .then((blob) => {
        url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setShown({ url });
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setShown({ error });
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);

  if (!shown) return <NamedLoader label={t('pdf.loading')} />;
  if ('error' in shown)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('pdf.failed', { reason: errorText(shown.error) })}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Anchor href={shown.url} download={fileName} size="sm">
        {t('pdf.download')}
      </Anchor>
      <iframe
        title={title}
        src={shown.url}
        data-testid="legal-pdf"
        style={{ width: '100%', height: '75vh', border: '1px solid var(--mantine-color-gray-4)', background: '#fff' }}
      />
    </Stack>
  );
}
