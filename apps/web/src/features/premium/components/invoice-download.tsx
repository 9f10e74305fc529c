import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/http';
import { fetchInvoice } from '../api/premium';

/** Downloads an invoice PDF; a failure shows spec section 8's "error downloading invoice". */
export function InvoiceDownload({ id, label, ariaLabel }: { id: string; label: string; ariaLabel?: string }) {
  const { t } = useTranslation('premium');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await fetchInvoice(id);
      saveBlob(blob, fileName ?? 'invoice.pdf');
    } catch {
      notifications.show({ color: 'red', message: t('invoices.downloadError') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
}
