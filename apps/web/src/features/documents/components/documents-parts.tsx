import type { TMyDocumentFile } from '@lms/contracts/documents';
import { can } from '@lms/contracts/permissions';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DownloadButton } from '../../../components/download-button';
import { useAuth } from '../../../lib/auth-store';
import { formatBytes, formatDay } from '../../../lib/format';
import { courseFilePath } from '../api/documents';

// The parts the documents pages share, also with the learner's training page (app/pages/training-page.tsx): their
// nav and the course file line (the download button is components/download-button.tsx). One module, so one chunk: a
// split is an entry more in the first visit's preload map (e2e/first-visit.e2e.ts).

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
