import type { TMyDocumentFile } from '@lms/contracts/documents';
import { can } from '@lms/contracts/permissions';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { errorText } from '../../../lib/error-text';
import { formatBytes, formatDay } from '../../../lib/format';
import { courseFilePath, downloadFile } from '../api/documents';

// The parts the documents pages share, also with the learner's training page (app/pages/training-page.tsx): their
// nav, the download button and the course file line. One module, so one chunk: a split is an entry more in the first
// visit's preload map (e2e/first-visit.e2e.ts).

export type WorkaroundKind = 'course-file' | 'certificate';

interface Props {
  /** The API path of the file. */
  path: string;
  /** Shown to screen readers and used when the server names no file. */
  fileName: string;
  /** The file as /documents-download-workaround names it (spec section 2), offered when a download does not start. */
  workaround: { type: WorkaroundKind; id: string };
}

/** The spec's page for browsers that cannot download from the app (spec section 2, /documents-download-workaround). */
const workaroundHref = ({ type, id }: Props['workaround']) =>
  `/documents-download-workaround?${new URLSearchParams({ type, id }).toString()}`;

/**
 * Fetches a file with the session and hands it to the browser as a download; spec section 8 "error downloading".
 * Some browsers (in-app views of mail and chat apps, some mobile ones) ignore a download started by script without a
 * word: a short notice after each download, and the error notice, link the file's page of its own, where the reader
 * saves it with a click of their own (issue 32: the workaround page was linked from nowhere).
 */
export function DownloadButton({ path, fileName, workaround }: Props) {
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
      aria-label={t('downloadName', { name: fileName })}
    >
      {t('download')}
    </Button>
  );
}

/** One course file a learner may download: its name, type, size and date, and its download button. */
export function CourseFileLine({ file }: { file: TMyDocumentFile }) {
  const { t, i18n } = useTranslation('documents');
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" py={6}>
      <div style={{ minWidth: 0 }}>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {file.fileName}
        </Text>
        <Text size="sm" c="dimmed">
          {t('mine.fileFacts', {
            type: 'PDF',
            size: formatBytes(file.size, i18n.language),
            date: formatDay(file.updatedAt, i18n.language),
          })}
        </Text>
      </div>
      <DownloadButton
        path={courseFilePath(file.id)}
        fileName={file.fileName}
        workaround={{ type: 'course-file', id: file.id }}
      />
    </Group>
  );
}

/** Between the documents pages: my downloads, my certificates and, for coordination roles, all certificates. */
export function DocumentsNav() {
  const { t } = useTranslation('documents');
  const { pathname } = useLocation();
  const { user } = useAuth();
  const links = [
    { to: '/documents', label: t('nav.downloads') },
    { to: '/documents/certificates', label: t('nav.certificates') },
    ...(user && can(user.role, 'coordination.manage') ? [{ to: '/documents/all', label: t('nav.all') }] : []),
  ];
  return (
    <Group component="nav" aria-label={t('nav.label')} gap="xs">
      {links.map((link) => {
        const current = pathname === link.to;
        return (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            variant={current ? 'filled' : 'default'}
            size="sm"
            aria-current={current ? 'page' : undefined}
          >
            {link.label}
          </Button>
        );
      })}
    </Group>
  );
}
