import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { downloadFile } from '../api/documents';

interface Props {
  /** The API path of the file. */
  path: string;
  /** Shown to screen readers and used when the server names no file. */
  fileName: string;
}

/** Fetches a file with the session and hands it to the browser as a download; spec section 8 "error downloading". */
export function DownloadButton({ path, fileName }: Props) {
  const { t } = useTranslation('documents');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(path, fileName);
    } catch (err) {
      const detail = isApiError(err) && err.status !== 0 ? errorText(err) : '';
      // One line without a title: Mantine greys the text under a title (3.3:1 on white, WCAG 1.4.3).
      notifications.show({
        color: 'red',
        message: `${t('downloadFailed')} ${detail || t('downloadFailedHint')}`,
        closeButtonProps: { 'aria-label': t('common:closeNotice') },
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      loading={busy}
      style={{ flexShrink: 0 }}
      onClick={() => void download()}
      aria-label={t('downloadName', { name: fileName })}
    >
      {t('download')}
    </Button>
  );
}
