import { RECORD_FORMATS, type TRecordFormat } from '@lms/contracts/exports';
import type { TLearningRecord, TRecordCycle, TRecordTraining } from '@lms/contracts/learning-record';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError, useErrorText } from '../lib/error-text';
import { formatDay } from '../lib/format';
import { downloadRecord, useLearningRecord, type RecordOf } from '../lib/learning-record';
import { PageLoader } from './page-loader';
import { ResultBadge } from './result-badge';
import { StatusBadge } from './training-status-badge';

/** The three downloads of a record: the PDF for an auditor, and the table as XLSX or CSV. */
export function RecordDownloads({ of }: { of: RecordOf }) {
  const { t } = useTranslation('records');
  const [busy, setBusy] = useState<TRecordFormat | null>(null);
  const run = (format: TRecordFormat) => {
    setBusy(format);
    void downloadRecord(of, format)
      .catch(showApiError)
      .finally(() => setBusy(null));
  };
  return (
    <Group gap="xs">
      {RECORD_FORMATS.map((format) => (
        <Button
          key={format}
          variant={format === 'pdf' ? 'filled' : 'default'}
          size="sm"
          loading={busy === format}
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => run(format)}
        >
          {t(`download.${format}`)}
        </Button>
      ))}
    </Group>
  );
}

function CertificateCell({ cycle }: { cycle: TRecordCycle }) {
  const { t, i18n } = useTranslation('records');
  const c = cycle.certificate;
  if (!c) return <Text size="sm">{t('noCertificate')}</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm">{t('issuedOn', { date: formatDay(c.issuedAt, i18n.language) })}</Text>
      <Group gap={4}>
        <Badge size="sm" variant="light" color={c.state === 'valid' ? 'green' : 'gray'} c="dark.6">
          {t(`certificateState.${c.state}`)}
        </Badge>
        {c.validUntil && <Text size="xs">{t('validUntil', { date: formatDay(c.validUntil, i18n.language) })}</Text>}
      </Group>
    </Stack>
  );
}

function TrainingCard({ training, headingOrder }: { training: TRecordTraining; headingOrder: 2 | 3 }) {
  const { t, i18n } = useTranslation(['records', 'trainings']);
  const day = (iso: string | null) => formatDay(iso, i18n.language) || '–';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={training.courseTitle}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={headingOrder} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {training.courseTitle}
          </Title>
          {!training.assigned && (
            <Badge variant="outline" color="gray" c="dark.6">
              {t('notAssigned')}
            </Badge>
          )}
        </Group>
        {training.deadline && <Text size="sm">{t('deadline', { date: day(training.deadline) })}</Text>}
        <Table.ScrollContainer minWidth={640} type="native" tabIndex={0}>
          <Table striped verticalSpacing="xs" aria-label={t('cyclesOf', { title: training.courseTitle })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.cycle')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.started')}</Table.Th>
                <Table.Th>{t('columns.completed')}</Table.Th>
                <Table.Th>{t('columns.result')}</Table.Th>
                <Table.Th>{t('columns.validUntil')}</Table.Th>
                <Table.Th>{t('columns.certificate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {training.cycles.map((c) => (
                <Table.Tr key={c.cycle}>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm">{c.cycle}</Text>
                      {c.current && (
                        <Badge size="xs" variant="outline" color="gray" c="dark.6">
                          {t('current')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={c.status} />
                  </Table.Td>
                  <Table.Td>{day(c.startedAt)}</Table.Td>
                  <Table.Td>{day(c.completedAt)}</Table.Td>
                  <Table.Td>
                    <ResultBadge success={c.result} score={c.score} empty="–" />
                  </Table.Td>
                  <Table.Td>{c.completedAt ? (c.validUntil ? day(c.validUntil) : t('forever')) : '–'}</Table.Td>
                  <Table.Td>
                    <CertificateCell cycle={c} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {training.modules.length > 0 && (
          <Table.ScrollContainer minWidth={480} type="native" tabIndex={0}>
            <Table verticalSpacing={4} aria-label={t('modulesOf', { title: training.courseTitle })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.module')}</Table.Th>
                  <Table.Th>{t('columns.status')}</Table.Th>
                  <Table.Th>{t('columns.completed')}</Table.Th>
                  <Table.Th>{t('columns.result')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {training.modules.map((m) => (
                  <Table.Tr key={m.moduleId}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {m.title}
                      {!m.required && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          ({t('optionalModule')})
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{t(`trainings:moduleStatus.${m.status}`)}</Table.Td>
                    <Table.Td>{day(m.completedAt)}</Table.Td>
                    <Table.Td>
                      <ResultBadge success={m.success} score={m.score} empty="–" />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Issue 31 point 2: a person's learning record: every training with each cycle (dates, score, passed or failed,
 * validity, certificate) and the current cycle's modules, with the downloads. The reports page shows another
 * person's (`of` their id), the account page one's own (`of` null).
 */
export function LearningRecordView({
  record,
  of,
  headingOrder = 2,
}: {
  record: TLearningRecord;
  of: RecordOf;
  headingOrder?: 2 | 3;
}) {
  const { t, i18n } = useTranslation('records');
  const facts = [
    [t('email'), record.user.email],
    [t('username'), record.user.username],
    [t('personnelNumber'), record.user.personnelNumber],
    [t('client'), record.clientName],
  ].filter((f): f is [string, string] => Boolean(f[1]));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          {facts.map(([label, value]) => (
            <Text key={label} size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span c="dimmed" size="sm">
                {label}:
              </Text>{' '}
              {value}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {t('generatedAt', { date: formatDay(record.generatedAt, i18n.language) })}
          </Text>
        </Stack>
        <RecordDownloads of={of} />
      </Group>
      {record.trainings.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        record.trainings.map((tr) => <TrainingCard key={tr.trainingId} training={tr} headingOrder={headingOrder} />)
      )}
    </Stack>
  );
}

/** The record fetched and shown, with its loader and its error (404 for a person out of reach). */
export function LearningRecord({ of, headingOrder = 2 }: { of: RecordOf; headingOrder?: 2 | 3 }) {
  const record = useLearningRecord(of);
  const errorText = useErrorText();
  if (record.isPending) return <PageLoader />;
  if (record.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(record.error)}
      </Alert>
    );
  return <LearningRecordView record={record.data} of={of} headingOrder={headingOrder} />;
}
