import { Alert, Anchor, Badge, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { TablePaging, usePaging } from '../../../components/table-paging';
import { useErrorText } from '../../../lib/error-text';
import { formatDay } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useInvoices } from '../api/premium';
import { InvoiceDownload } from '../components/invoice-download';
import { formatCents } from '../components/money';

/** Dark fills under white text (AA): a light tint of Mantine's shade 9 hid the label. */
const STATUS_COLOR = { pending: '#8a5a00', paid: '#1b5e20', failed: '#b71c1c', cancelled: '#495057' } as const;

/** /premium/invoices (spec section 2 "invoice list"): the user's invoices, paged on the server, each as a PDF. */
export function InvoicesPage() {
  const { t, i18n } = useTranslation('premium');
  usePageTitle(t('invoices.title'));
  const errorText = useErrorText();
  const paging = usePaging();
  const invoices = useInvoices(paging.page, paging.pageSize);
  return (
    <Stack>
      <div>
        <Anchor component={Link} to="/premium" size="sm">
          {t('invoices.back')}
        </Anchor>
        <Title order={1}>{t('invoices.title')}</Title>
      </div>
      {invoices.isPending && <PageLoader />}
      {invoices.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(invoices.error)}
        </Alert>
      )}
      {invoices.data?.items.length === 0 && <Text>{t('invoices.empty')}</Text>}
      {invoices.data && invoices.data.items.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('invoices.number')}</Table.Th>
                  <Table.Th>{t('invoices.date')}</Table.Th>
                  <Table.Th>{t('invoices.item')}</Table.Th>
                  <Table.Th ta="right">{t('invoices.amount')}</Table.Th>
                  <Table.Th>{t('invoices.status')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('invoices.download')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data.items.map((inv) => (
                  <Table.Tr key={inv.id}>
                    <Table.Td>{inv.number}</Table.Td>
                    <Table.Td>{formatDay(inv.issuedAt, i18n.language)}</Table.Td>
                    <Table.Td>{t(`planName.${inv.plan}`)}</Table.Td>
                    <Table.Td ta="right">{formatCents(inv.grossCents, inv.currency, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[inv.status]} c="white" variant="filled">
                        {t(`status.${inv.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <InvoiceDownload
                        id={inv.id}
                        label={t('invoices.download')}
                        ariaLabel={t('invoices.downloadLabel', { number: inv.number })}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePaging paging={paging} total={invoices.data.total} />
        </>
      )}
    </Stack>
  );
}
