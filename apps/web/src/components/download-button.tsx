import { Anchor, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetchFile, isApiError } from '../lib/api-client';
import { errorText } from '../lib/error-text';
import { saveBlob } from '../lib/http';

export type WorkaroundKind = 'course-file' | 'certificate';

interface Props {
  /** The API path of the file. */
  path: string;
  /** Shown to screen readers and used when the server names no file. */
  fileName: string;
  /** The file as /documents-download-workaround names it (spec section 2), offered when a download does not start. */
  workaround: { type: WorkaroundKind; id: string };
  /** The button's text and accessible name, where "Download" and "Download <file>" do not say enough. */
  label?: string;
  ariaLabel?: string;
}

/** The spec's page for browsers that cannot download from the app (spec section 2, /documents-download-workaround). */
const workaroundHref = ({ type, id }: Props['workaround']) =>
  `/documents-download-workaround?${new URLSearchParams({ type, id }).toString()}`;

/** A file behind the session: fetched with it, saved under the server's name (else `fallbackName`). */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiFetchFile(path);
  saveBlob(blob, fileName ?? fallbackName);
}

/**
 * Fetches a file with the session and hands it to the browser as a download; spec section 8 "error downloading".
 * Some browsers (in-app views of mail and chat apps, some mobile ones) ignore a download started by script without a
 * word: a short notice after each download, and the error notice, link the file's page of its own, where the reader
 * saves it with a click of their own (issue 32: the workaround page was linked from nowhere). The one download
 * button of the app: the documents pages, the training page and the cycle history use it.
 */
export function DownloadButton({ path, fileName, workaround, label, ariaLabel }: Props) {
  const { t } = useTranslation('documents');
  const [busy, setBusy] = useState(false);
  // A plain link: the notices live outside the router.
  const alternative = (
    <Anchor href={workaroundHref(workaround)} size="sm" underline="always">
      {t('workaround.offer')}
    </Anchor>
  );
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(path, fileName);
      notifications.show({
        message: (
          <Text size="sm">
            {t('downloadStarted', { name: fileName })} {alternative}
          </Text>
        ),
        autoClose: 8000,
        closeButtonProps: { 'aria-label': t('common:closeNotice') },
      });
    } catch (err) {
      const detail = isApiError(err) && err.status !== 0 ? errorText(err) : '';
      // One line without a title: Mantine greys the text under a title (3.3:1 on white, WCAG 1.4.3).
      notifications.show({
        color: 'red',
        message: (
          <Text size="sm">
            {`${t('downloadFailed')} ${detail || t('downloadFailedHint')}`} {alternative}
          </Text>
        ),
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
      aria-label={ariaLabel ?? t('downloadName', { name: fileName })}
    >
      {label ?? t('download')}
    </Button>
  );
}
