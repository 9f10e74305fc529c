import type { TPurchase } from '@lms/contracts/premium';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InvoiceDownload } from './invoice-download';

interface Props {
  purchase: TPurchase;
  popupBlocked: boolean;
  onOpenPaypal: (url: string) => void;
}

/**
 * A pending purchase: PayPal waits for the confirmation (the page asks every 2 s, the server checks PayPal and
 * hears its webhook); prepayment shows the invoice to pay.
 */
export function PurchaseWaiting({ purchase, popupBlocked, onOpenPaypal }: Props) {
  const { t } = useTranslation('premium');
  if (purchase.method === 'prepayment')
    return (
      <Paper withBorder p="md" radius="md" data-testid="purchase-pending">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('waiting.prepaymentTitle')}
          </Title>
          <Text>{t('waiting.prepaymentText')}</Text>
          {purchase.invoiceId && (
            <Group>
              <InvoiceDownload id={purchase.invoiceId} label={t('waiting.downloadInvoice')} />
            </Group>
          )}
        </Stack>
      </Paper>
    );
  return (
    <Paper withBorder p="md" radius="md" data-testid="purchase-pending" aria-busy="true">
      <Stack gap="sm">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Title order={2} size="h3">
            {t('waiting.paypalTitle')}
          </Title>
        </Group>
        <Text role="status">{t('waiting.paypalText')}</Text>
        {popupBlocked && (
          <Alert color="yellow" variant="light">
            {t('waiting.popupBlocked')}
          </Alert>
        )}
        {purchase.approveUrl && (
          <Group>
            <Button variant="default" onClick={() => onOpenPaypal(purchase.approveUrl!)}>
              {t('waiting.openPaypal')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
