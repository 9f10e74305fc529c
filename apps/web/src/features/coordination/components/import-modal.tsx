import type { TImportPreview, TImportStatus, TUserCsvField } from '@lms/contracts/users';
import { Alert, Button, Checkbox, FileInput, Group, Modal, MultiSelect, Stack, Text, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../components/job-progress';
import { useErrorText } from '../../../lib/error-text';
import { useAllGroups } from '../api/groups';
import { downloadImportReport, importStatus, previewImport, runImport, uploadImport } from '../api/imports';
import { refreshUsers } from '../api/users';
import { ImportColumns } from './import-columns';
import { ImportPreviewTable } from './import-preview-table';
import { closeButton } from '../../../lib/notify';

/**
 * CSV import (DECISIONS "CSV"): upload, a preview of the first rows with the column mapping and the problems per
 * row, then the run as a background job with a progress bar and a downloadable report.
 */
export function ImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const groups = useAllGroups();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TImportPreview | null>(null);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [sendActivationMail, setSendActivationMail] = useState(true);
  const [status, setStatus] = useState<TImportStatus | null>(null);
  const [finished, setFinished] = useState<TImportStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setStatus(null);
    setFinished(null);
    setError(null);
    setGroupIds([]);
  };
  const close = () => {
    reset();
    onClose();
  };
  const act = async (fn: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const upload = () =>
    act(async () => {
      if (file) setPreview(await uploadImport(file));
    });
  const remap = (mapping: (TUserCsvField | null)[]) =>
    act(async () => {
      if (preview) setPreview(await previewImport(preview.id, mapping));
    });
  const run = () =>
    act(async () => {
      if (preview) setStatus(await runImport(preview.id, { mapping: preview.mapping, groupIds, sendActivationMail }));
    });
  const onFinished = () =>
    void act(async () => {
      if (!status) return;
      setFinished(await importStatus(status.id));
      await refreshUsers(queryClient);
    });

  const usable = (groups.data?.items ?? []).filter((g) => !g.externallyManaged);
  return (
    <Modal closeButtonProps={closeButton()} opened={opened} onClose={close} title={t('import.title')} size="90%">
      <Stack>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {!preview && (
          <>
            <Text size="sm">{t('import.intro')}</Text>
            <ImportColumns />
            <FileInput
              label={t('import.file')}
              accept=".csv,text/csv"
              value={file}
              onChange={setFile}
              clearable
              placeholder={t('import.choose')}
            />
            <Group justify="flex-end">
              <Tooltip label={t('import.chooseFirst')} disabled={!!file} withArrow>
                <Button
                  onClick={(e) => (file ? void upload() : e.preventDefault())}
                  data-disabled={file ? undefined : true}
                  aria-disabled={file ? undefined : true}
                  loading={busy}
                >
                  {t('import.upload')}
                </Button>
              </Tooltip>
            </Group>
          </>
        )}
        {preview && !status && (
          <>
            <Text size="sm">
              {t('import.summary', { count: preview.rowCount, valid: preview.validCount, issues: preview.issueCount })}
            </Text>
            <ImportPreviewTable preview={preview} onMapping={(m) => void remap(m)} disabled={busy} />
            <MultiSelect
              label={t('import.groups')}
              description={t('import.groupsHint')}
              data={usable.map((g) => ({ value: g.id, label: g.name }))}
              value={groupIds}
              onChange={setGroupIds}
              searchable
              clearable
            />
            <Checkbox
              label={t('import.sendActivationMail')}
              checked={sendActivationMail}
              onChange={(e) => setSendActivationMail(e.currentTarget.checked)}
            />
            <Group justify="space-between">
              <Button variant="default" onClick={reset}>
                {t('import.another')}
              </Button>
              <Button onClick={() => void run()} loading={busy} disabled={preview.validCount === 0}>
                {t('import.run', { count: preview.validCount })}
              </Button>
            </Group>
          </>
        )}
        {status?.jobId && <JobProgress jobId={status.jobId} label={t('import.progress')} onFinished={onFinished} />}
        {finished && (
          <Alert color={finished.status === 'done' ? 'green' : 'red'} variant="light" role="status">
            {finished.status === 'done'
              ? t('import.done', { created: finished.created, skipped: finished.skipped, failed: finished.failed })
              : t('import.failed')}
          </Alert>
        )}
        {finished && (
          <Group justify="space-between">
            <Button variant="default" onClick={() => void act(() => downloadImportReport(finished.id))}>
              {t('import.report')}
            </Button>
            <Button onClick={close}>{t('import.close')}</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
