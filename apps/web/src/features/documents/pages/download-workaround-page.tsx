import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { apiFetchFile, isApiError } from '../../../lib/api-client';
import { errorTextKey } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { workaroundFilePath } from '../api/documents';

/**
 * /documents-download-workaround?type=<course-file|certificate>&id=<id>: for browsers that cannot download from a
 * frame (the SCORM player, a PDF viewer in an iframe). The file is fetched with the user's session and offered as a
 * link the user clicks; a type the app does not serve answers `unknown_file_type` ("open only from the app").
 */
export function DownloadWorkaroundPage() {
  const { t } = useTranslation(['documents', 'errors']);
  usePageTitle(t('workaround.title'));
  const [params] = useSearchParams();
  const type = params.get('type') ?? '';
  const id = params.get('id') ?? '';
  const named = type !== '' && id !== '';
  const file = useQuery({
    queryKey: ['documents', 'workaround', type, id],
    queryFn: () => apiFetchFile(workaroundFilePath(type, id), { skipPolicy: false }),
    enabled: named,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data.blob) : null), [file.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const name = file.data?.fileName ?? t('workaround.defaultName');
  const failure = () => {
    const err = file.error;
    if (isApiError(err) && (err.code === 'unknown_file_type' || err.code === 'validation_failed'))
      return t('errors:unknown_file_type');
    return `${t('downloadFailed')} ${t(errorTextKey(err))}`;
  };
  return (
    <Stack maw={720}>
      <PageHeader title={t('workaround.title')} intro={t('workaround.intro')} />
      {!named && (
        <Alert color="orange" variant="light" role="alert">
          {t('errors:unknown_file_type')}
        </Alert>
      )}
      {named && file.isPending && <PageLoader />}
      {file.isError && (
        <Alert color="red" variant="light" role="alert">
          {failure()}
        </Alert>
      )}
      {url && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm" align="flex-start">
            <Text>{t('workaround.ready')}</Text>
            <Button
              component="a"
              href={url}
              download={name}
              h="auto"
              py={8}
              maw="100%"
              styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.4 } }}
            >
              {t('workaround.save', { name })}
            </Button>
            <Text size="sm" c="dimmed">
              {t('workaround.after')}
            </Text>
          </Stack>
        </Paper>
      )}
      <Text size="sm">
        <Anchor component={Link} to="/documents">
          {t('workaround.back')}
        </Anchor>
      </Text>
    </Stack>
  );
}
