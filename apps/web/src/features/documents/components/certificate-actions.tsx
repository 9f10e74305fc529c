import { CERTIFICATE_WITHDRAWAL_REASON_MAX } from '@lms/contracts/certificates';
import type { TAllDocument } from '@lms/contracts/documents';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCertificateOff, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { RowActions } from '../../../components/row-actions';
import { useErrorText } from '../../../lib/error-text';
import { closeButton, notifySuccess } from '../../../lib/notify';
import { reissueCertificate, withdrawCertificate } from '../api/documents';

/**
 * Issue 30 point 2: a coordinator withdraws one certificate with a reason, or re-issues it (after a name was
 * corrected) with a new verification code; the old PDF then verifies as withdrawn. The list reloads after either.
 */
export function CertificateActions({ doc }: { doc: TAllDocument }) {
  const { t } = useTranslation('documents');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'withdraw' | 'reissue' | null>(null);
  const [error, setError] = useState<unknown>(null);

  const run = async (kind: 'withdraw' | 'reissue', call: () => Promise<unknown>, done: string) => {
    setBusy(kind);
    setError(null);
    try {
      await call();
      await queryClient.invalidateQueries({ queryKey: ['documents', 'all'] });
      notifySuccess(done);
      setWithdrawing(false);
      setReason('');
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };

  const [askingReissue, setAskingReissue] = useState(false);
  const reissue = () => {
    setAskingReissue(false);
    void run('reissue', () => reissueCertificate(doc.id), t('all.reissued'));
  };

  return (
    <>
      {/* Icons: two labelled buttons made the list 88 px wider than its card at 1280 px in German (issue 32). */}
      <RowActions
        iconsOnly
        actions={[
          {
            label: t('all.reissue'),
            name: t('all.reissueName', { name: doc.userName }),
            onClick: () => setAskingReissue(true),
            loading: busy === 'reissue',
            icon: <IconRefresh size={18} aria-hidden stroke={1.6} />,
          },
          ...(doc.withdrawnAt
            ? []
            : [
                {
                  label: t('all.withdraw'),
                  name: t('all.withdrawName', { name: doc.userName }),
                  onClick: () => setWithdrawing(true),
                  danger: true,
                  icon: <IconCertificateOff size={18} aria-hidden stroke={1.6} />,
                },
              ]),
        ]}
      />
      {error !== null && !withdrawing && (
        <Text size="xs" c="red" role="alert">
          {errorText(error)}
        </Text>
      )}
      <ConfirmModal
        opened={askingReissue}
        title={t('all.reissueName', { name: doc.userName })}
        text={t('all.reissueConfirm')}
        confirmLabel={t('all.reissue')}
        busy={false}
        onCancel={() => setAskingReissue(false)}
        onConfirm={reissue}
      />
      <Modal
        closeButtonProps={closeButton()}
        opened={withdrawing}
        onClose={() => setWithdrawing(false)}
        title={t('all.withdrawTitle')}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run('withdraw', () => withdrawCertificate(doc.id, reason.trim()), t('all.withdrawnDone'));
          }}
        >
          <Stack>
            <Text size="sm">{t('all.withdrawIntro', { name: doc.userName, course: doc.courseTitle })}</Text>
            <Textarea
              label={t('all.reason')}
              description={t('all.reasonHint')}
              required
              autosize
              minRows={3}
              maxLength={CERTIFICATE_WITHDRAWAL_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            {error !== null && (
              <Alert color="red" variant="light" role="alert">
                {errorText(error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setWithdrawing(false)}>
                {t('all.cancel')}
              </Button>
              {/* red.9: white on Mantine's default red is 3.3:1, below WCAG AA's 4.5:1. */}
              <Button type="submit" color="red.9" loading={busy === 'withdraw'} disabled={reason.trim() === ''}>
                {t('all.withdrawSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
