import { AUDIT_ACTIONS, type TAuditEntry, type TAuditFilter, type TAuditVerification } from '@lms/contracts/audit';
import { Alert, Button, Code, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { CellText, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { useErrorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { saveBlob } from '../../../lib/http';
import { fetchAuditCsv, useAuditPage, verifyAudit } from '../api/audit';

const EMPTY: TAuditFilter = {};

/** The values of an entry as one short line: before → after, or the detail. */
function changeText(e: TAuditEntry): string {
  const json = (v: unknown) => JSON.stringify(v);
  if (e.before !== undefined || e.after !== undefined)
    return `${e.before === undefined ? '–' : json(e.before)} → ${e.after === undefined ? '–' : json(e.after)}`;
  return e.detail === undefined ? '' : json(e.detail);
}

/**
 * The audit tab of /reseller/clients/{id} (issue 30 point 3): the client's trail newest first, filtered on the
 * server by action, actor, object and period, paged by seq (older and newer, any length), the chain's verification
 * and the CSV export of what the filter finds. The client's ADMIN and the SUPERADMIN.
 */
export function AuditTab({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('clients', { keyPrefix: 'auditTrail' });
  const errorText = useErrorText();
  const [draft, setDraft] = useState({ action: '', actorId: '', objectId: '', from: '', to: '' });
  const [filter, setFilter] = useState<TAuditFilter>(EMPTY);
  // The cursors of the pages walked so far: the last is the one shown (undefined: the newest page).
  const [cursors, setCursors] = useState<Array<number | undefined>>([undefined]);
  const before = cursors[cursors.length - 1];
  const page = useAuditPage(clientId, filter, before);
  const [verification, setVerification] = useState<TAuditVerification | null>(null);
  const [busy, setBusy] = useState<'verify' | 'export' | null>(null);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next: TAuditFilter = {};
    if (draft.action) next.action = draft.action as TAuditFilter['action'];
    if (draft.actorId.trim()) next.actorId = draft.actorId.trim();
    if (draft.objectId.trim()) next.objectId = draft.objectId.trim();
    if (draft.from) next.from = draft.from;
    if (draft.to) next.to = draft.to;
    setFilter(next);
    setCursors([undefined]);
  };
  const reset = () => {
    setDraft({ action: '', actorId: '', objectId: '', from: '', to: '' });
    setFilter(EMPTY);
    setCursors([undefined]);
  };

  const verify = async () => {
    setBusy('verify');
    setVerification(null);
    try {
      setVerification(await verifyAudit(clientId));
    } catch (err) {
      notifications.show({ color: 'red', title: t('verifyFailed'), message: errorText(err) });
    } finally {
      setBusy(null);
    }
  };
  const exportCsv = async () => {
    setBusy('export');
    try {
      const { blob, fileName } = await fetchAuditCsv(clientId, filter);
      saveBlob(blob, fileName ?? 'audit.csv');
    } catch (err) {
      notifications.show({ color: 'red', title: t('exportFailed'), message: errorText(err) });
    } finally {
      setBusy(null);
    }
  };

  const actionLabel = (action: string) =>
    (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`actions.${action}`) : action;
  const actorText = (e: TAuditEntry) =>
    e.actorName ??
    (e.actorKind === 'user' ? (e.actorId ?? '') : `${t(`actorKinds.${e.actorKind}`)} ${e.actorId ?? ''}`);

  return (
    <Stack>
      <Text>{t('intro')}</Text>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={apply} aria-label={t('filter.label')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <Select
              label={t('filter.action')}
              placeholder={t('filter.anyAction')}
              data={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`actions.${a}`) }))}
              value={draft.action || null}
              onChange={(v) => setDraft((d) => ({ ...d, action: v ?? '' }))}
              clearable
              searchable
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={t('filter.actor')}
              description={t('filter.actorHint')}
              value={draft.actorId}
              onChange={(e) => setDraft((d) => ({ ...d, actorId: e.currentTarget.value }))}
            />
            <TextInput
              label={t('filter.object')}
              description={t('filter.objectHint')}
              value={draft.objectId}
              onChange={(e) => setDraft((d) => ({ ...d, objectId: e.currentTarget.value }))}
            />
            <DateField
              label={t('filter.from')}
              value={draft.from}
              onChange={(v) => setDraft((d) => ({ ...d, from: v }))}
            />
            <DateField label={t('filter.to')} value={draft.to} onChange={(v) => setDraft((d) => ({ ...d, to: v }))} />
          </SimpleGrid>
          <Group>
            <Button type="submit">{t('filter.apply')}</Button>
            <Button variant="default" onClick={reset}>
              {t('filter.reset')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Group>
        <Button variant="default" loading={busy === 'verify'} onClick={() => void verify()}>
          {t('verify')}
        </Button>
        <Button variant="default" loading={busy === 'export'} onClick={() => void exportCsv()}>
          {t('export')}
        </Button>
      </Group>
      {verification && (
        // The title goes in the text: the alert's own title colour misses AA on the green tint (axe).
        <Alert color={verification.broken ? 'red' : 'green'} variant="light" role="status">
          <Text fw={700}>{verification.broken ? t('verification.broken') : t('verification.intact')}</Text>
          <Text>
            {verification.broken
              ? t('verification.brokenText', {
                  seq: verification.broken.seq,
                  reason: t(`verification.reasons.${verification.broken.reason}`),
                })
              : t('verification.intactText', { count: verification.checked })}
          </Text>
        </Alert>
      )}
      <DataTable
        label={t('tableLabel')}
        data={page.data?.items}
        error={page.error}
        fetching={page.isFetching}
        getRowId={(e) => String(e.seq)}
        columns={[
          {
            id: 'at',
            header: t('columns.at'),
            nowrap: true,
            cell: (e) => formatDateTime(e.at, i18n.language),
          },
          { id: 'action', header: t('columns.action'), cell: (e) => actionLabel(e.action) },
          { id: 'actor', header: t('columns.actor'), cell: (e) => <CellText text={actorText(e)} max={220} /> },
          {
            id: 'object',
            header: t('columns.object'),
            priority: 2,
            cell: (e) => (e.objectId ? <CellText text={`${e.objectType ?? ''} ${e.objectId}`} max={220} /> : '–'),
          },
          { id: 'ip', header: t('columns.ip'), nowrap: true, priority: 2, cell: (e) => e.ip ?? '–' },
          {
            id: 'change',
            header: t('columns.change'),
            priority: 3,
            cell: (e) =>
              e.redacted ? (
                t('redacted')
              ) : (
                <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{changeText(e) || '–'}</Code>
              ),
          },
        ]}
        empty={<EmptyState title={t('empty')} />}
      />
      <Group justify="space-between">
        <Button variant="default" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          {t('newer')}
        </Button>
        <Button
          variant="default"
          disabled={!page.data?.nextBefore}
          onClick={() => {
            const next = page.data?.nextBefore;
            if (next) setCursors((c) => [...c, next]);
          }}
        >
          {t('older')}
        </Button>
      </Group>
    </Stack>
  );
}
