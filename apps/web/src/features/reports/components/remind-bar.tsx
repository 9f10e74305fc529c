import type { TAttentionRemindBody } from '@lms/contracts/reports';
import { Alert, Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useErrorText } from '../../../lib/error-text';
import { remindFromReport, reportKeys } from '../api/reports';
import { remindResultText } from './remind-result-text';

interface Props {
  /** The ticked rows ("trainingId/userId"). */
  selected: ReadonlySet<string>;
  /** Every row the filters match, as the server counts them. */
  all: Extract<TAttentionRemindBody, { all: true }>;
  total: number;
  totalCapped: boolean;
  onDone: () => void;
}

/**
 * Reminders from the list: to the rows ticked or to every row that matches (at most 10,000), after a confirmation.
 * The server judges each as a single reminder (course dates, template, completed, 60 minutes); the answer says how
 * many were sent and why the others were not.
 */
export function RemindBar({ selected, all, total, totalCapped, onDone }: Props) {
  const { t, i18n } = useTranslation(['reports', 'errors']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'selected' | 'all' | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null);
  const number = new Intl.NumberFormat(i18n.language);
  const allCount = totalCapped ? t('remind.moreThan', { limit: number.format(total) }) : number.format(total);
  const run = async () => {
    const body: TAttentionRemindBody =
      asking === 'selected'
        ? {
            rows: [...selected].map((key) => {
              const [trainingId = '', userId = ''] = key.split('/');
              return { trainingId, userId };
            }),
          }
        : all;
    setBusy(true);
    try {
      const result = await remindFromReport(body);
      setOutcome({ text: remindResultText(result, t), error: false });
      onDone();
      await queryClient.invalidateQueries({ queryKey: reportKeys.all });
    } catch (err) {
      setOutcome({ text: errorText(err), error: true });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  return (
    <>
      <Group gap="sm" data-testid="remind-bar">
        <Button variant="default" disabled={selected.size === 0} onClick={() => setAsking('selected')}>
          {t('remind.selected', { count: selected.size })}
        </Button>
        <Button variant="default" disabled={total === 0} onClick={() => setAsking('all')}>
          {t('remind.all', { count: total, formatted: allCount })}
        </Button>
      </Group>
      {outcome && (
        <Alert color={outcome.error ? 'red' : 'teal'} role="status" data-testid="remind-outcome">
          {outcome.text}
        </Alert>
      )}
      <ConfirmModal
        opened={asking !== null}
        title={t('remind.confirmTitle')}
        text={t(asking === 'all' ? 'remind.confirmAll' : 'remind.confirmSelected', {
          count: asking === 'all' ? total : selected.size,
          formatted: asking === 'all' ? allCount : number.format(selected.size),
        })}
        confirmLabel={t('remind.confirm')}
        busy={busy}
        onConfirm={() => void run()}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
