import { ZRichTextPreview } from '@lms/contracts/legal-texts';
import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../lib/api-client';
import { useErrorText } from '../lib/error-text';
import { NamedLoader } from './named-loader';
import { RichHtml } from './rich-html';

/** The server renders and sanitises the draft exactly as it will for readers. */
const previewRichText = (format: 'MARKDOWN' | 'CUSTOM', text: string, signal?: AbortSignal) =>
  apiPost('/legal-texts/preview', { format, text }, ZRichTextPreview, { signal });

/**
 * The live preview of a Markdown or HTML draft, rendered and sanitised by the server a moment after the last
 * keystroke, so the editor sees exactly what readers will get (removed script and images included).
 */
export function MarkdownPreview({ format, text }: { format: 'MARKDOWN' | 'CUSTOM'; text: string }) {
  const { t } = useTranslation('legal');
  const errorText = useErrorText();
  const [debounced] = useDebouncedValue(text, 400);
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const abort = new AbortController();
    previewRichText(format, debounced, abort.signal)
      .then((answer) => {
        setHtml(answer.html);
        setError(null);
      })
      .catch((err: unknown) => {
        if (!abort.signal.aborted) setError(err);
      });
    return () => abort.abort();
  }, [format, debounced]);

  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {t('preview.title')}
        </Text>
        {(html === null || debounced !== text) && !error && <NamedLoader size="xs" label={t('preview.loading')} />}
      </Group>
      <Paper withBorder p="sm" radius="sm" data-testid="markdown-preview" style={{ minHeight: 120 }}>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(error)}
          </Alert>
        ) : (
          <RichHtml html={html ?? ''} />
        )}
      </Paper>
    </Stack>
  );
}
