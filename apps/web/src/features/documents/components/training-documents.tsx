import type { TCourseCertificate } from '@lms/contracts/certificates';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/format';
import { certificatePath, useMyCertificates, useMyDocuments } from '../api/documents';
import { DownloadButton } from '../../../components/download-button';
import { CourseFileLine } from './documents-parts';

/** How long after completing the page waits for the certificate the issue job writes (spec section 4). */
const CERTIFICATE_WAIT_MS = 2 * 60_000;

interface Props {
  trainingId: string;
  /** The training's completion, when it is completed now; its certificate is offered only then. */
  completedAt: string | null;
}

/**
 * Issue 32: on the learner's training page, the certificate of a completed training and the course's files, with
 * the downloads of /documents and /documents/certificates (the same routes and buttons, not a second way).
 * Renders nothing when there is neither.
 */
export function TrainingDocuments({ trainingId, completedAt }: Props) {
  const { t, i18n } = useTranslation('documents');
  const files = useMyDocuments().data?.items.find((g) => g.trainingId === trainingId)?.files ?? [];
  // Just completed: the issue job writes the certificate within moments, so the page asks again until it is there.
  const certificates = useMyCertificates(
    (list) =>
      completedAt !== null &&
      Date.now() - Date.parse(completedAt) < CERTIFICATE_WAIT_MS &&
      !currentCertificate(list?.items ?? [], trainingId),
  );
  const certificate = completedAt ? currentCertificate(certificates.data?.items ?? [], trainingId) : undefined;
  if (!certificate && files.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="training-documents" gap="md">
      <Title order={2} id="training-documents">
        {t('training.title')}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap={0}>
          {certificate && (
            <Group justify="space-between" wrap="nowrap" gap="sm" py={6}>
              <div style={{ minWidth: 0 }}>
                <Text fw={500}>{t('training.certificate')}</Text>
                <Text size="sm" c="dimmed">
                  {t('training.issuedOn', { date: formatDay(certificate.issuedAt, i18n.language) })}
                </Text>
              </div>
              <DownloadButton
                path={certificatePath(certificate.id)}
                fileName={certificate.fileName}
                workaround={{ type: 'certificate', id: certificate.id }}
              />
            </Group>
          )}
          {files.map((file) => (
            <CourseFileLine key={file.id} file={file} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The training's certificate of its latest cycle (a renewal makes the next cycle's). */
function currentCertificate(items: readonly TCourseCertificate[], trainingId: string) {
  return items.filter((c) => c.trainingId === trainingId).sort((a, b) => b.cycle - a.cycle)[0];
}
