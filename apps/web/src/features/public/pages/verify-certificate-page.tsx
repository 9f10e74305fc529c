import type { TCertificateVerification, TCertificateVerificationStatus } from '@lms/contracts/certificates';
import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NamedLoader } from '../../../components/named-loader';
import { isApiError } from '../../../lib/api-client';
import { formatDay } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCertificateVerification } from '../api/verification';

/**
 * Tinted badges and alerts in the page's text colour: the word carries the meaning, the colour only helps (WCAG
 * 1.4.1), and the tints' own shades miss AA at badge size (as components/training-status-badge.tsx says).
 */
const STATUS_COLOUR: Record<TCertificateVerificationStatus, string> = {
  valid: 'green',
  expired: 'orange',
  withdrawn: 'red',
};

function Answer({ answer }: { answer: TCertificateVerification }) {
  const { t, i18n } = useTranslation('documents', { keyPrefix: 'verify' });
  const rows: Array<[string, string]> = [
    [t('holder'), answer.holderName],
    [t('training'), answer.courseTitle],
    [t('issuedAt'), formatDay(answer.issuedAt, i18n.language)],
    [t('validUntil'), answer.validUntil ? formatDay(answer.validUntil, i18n.language) : t('noEnd')],
    [t('code'), answer.code],
  ];
  return (
    <Stack>
      <Group gap="sm">
        <Text fw={500}>{t('status')}</Text>
        <Badge color={STATUS_COLOUR[answer.status]} c="var(--mantine-color-text)" size="lg" variant="light">
          {t(`statuses.${answer.status}`)}
        </Badge>
      </Group>
      <Alert color={STATUS_COLOUR[answer.status]} variant="light" role="status">
        {t(`explain.${answer.status}`)}
      </Alert>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={{ base: 120, xs: 180 }}>
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * /verify/{code}: anyone, signed in or not, checks a certificate by the code or QR code printed on it (issue 30
 * point 2). It shows the holder, the training, the dates and the status, and nothing else; a wrong code, or one of
 * another client, shows only that no certificate has this code.
 */
export function VerifyCertificatePage() {
  const { t } = useTranslation('documents', { keyPrefix: 'verify' });
  usePageTitle(t('title'));
  const { code = '' } = useParams();
  const check = useCertificateVerification(code);
  const limited = isApiError(check.error) && check.error.status === 429;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={640} w="100%" mx="auto">
      <Stack>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
        {check.isPending && <NamedLoader label={t('loading')} />}
        {check.data && <Answer answer={check.data} />}
        {check.isError && (
          <Alert
            color={limited ? 'orange' : 'gray'}
            variant="light"
            role="status"
            title={t(limited ? 'limitedTitle' : 'unknownTitle')}
          >
            {t(limited ? 'limited' : 'unknown')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
