import type { TMyDocumentFile } from '@lms/contracts/documents';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDay } from '../../../lib/format';
import { courseFilePath } from '../api/documents';
import { DownloadButton } from './download-button';

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
      <DownloadButton path={courseFilePath(file.id)} fileName={file.fileName} />
    </Group>
  );
}
