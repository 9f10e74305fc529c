import { PURCHASE_STATUSES } from '@lms/contracts/premium';
import { Alert, Button, Group, NativeSelect, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText, showApiError } from '../../../lib/error-text';
import { formatDay } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useMayWriteClient } from '../../../lib/use-may-write-client';
import { markPurchasePaid, refreshPremium, useClientPurchases } from '../api/premium';
import { formatCents } from './money';

/** The client's purchases, paged on the server; an admin marks a prepayment paid when the money has arrived. */
export function ClientPurchases({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('premium');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const mayWrite = useMayWriteClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('pending');
  const [busy, setBusy] = useState<string | null>(null);
  const purchases = useClientPurchases(clientId, page, status);
  const markPaid = async (id: string) => {
    setBusy(id);
    try {
      await markPurchasePaid(id);
      notifySuccess(t('admin.markedPaid'));
      await refreshPremium(queryClient);
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="premium-purchases">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="premium-purchases">
          {t('admin.purchasesTitle')}
        </Title>
        <NativeSelect
          label={t('admin.filter')}
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value);
            setPage(1);
          }}
          data={[
            { value: '', label: t('admin.all') },
            ...PURCHASE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
      </Group>
      {purchases.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(purchases.error)}
        </Alert>
      )}
      {purchases.data?.items.length === 0 && <Text>{t('admin.none')}</Text>}
      {purchases.data && purchases.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.buyer')}</Table.Th>
                <Table.Th>{t('invoices.item')}</Table.Th>
                <Table.Th>{t('admin.method')}</Table.Th>
                <Table.Th ta="right">{t('invoices.amount')}</Table.Th>
                <Table.Th>{t('admin.created')}</Table.Th>
                <Table.Th>{t('admin.invoice')}</Table.Th>
                <Table.Th>{t('invoices.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {purchases.data.items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.userName}</Table.Td>
                  <Table.Td>{t(`planName.${p.plan}`)}</Table.Td>
                  <Table.Td>{t(`method.${p.method}`)}</Table.Td>
                  <Table.Td ta="right">{formatCents(p.grossCents, p.currency, i18n.language)}</Table.Td>
                  <Table.Td>{formatDay(p.createdAt, i18n.language)}</Table.Td>
                  <Table.Td>{p.invoiceNumber ?? '–'}</Table.Td>
                  <Table.Td>
                    {p.status === 'pending' && p.method === 'prepayment' && mayWrite ? (
                      <Button
                        size="xs"
                        loading={busy === p.id}
                        onClick={() => void markPaid(p.id)}
                        aria-label={t('admin.markPaidLabel', { name: p.userName })}
                      >
                        {t('admin.markPaid')}
                      </Button>
                    ) : (
                      t(`status.${p.status}`)
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {purchases.data && purchases.data.total > purchases.data.pageSize && (
        <Pagination value={page} onChange={setPage} total={Math.ceil(purchases.data.total / purchases.data.pageSize)} />
      )}
    </Stack>
  );
}
