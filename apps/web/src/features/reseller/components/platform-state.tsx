import type { TClientSummary } from '@lms/contracts/client-admin';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/**
 * DECISIONS "platform active": open when active and today lies within the start and end dates; a closed platform
 * lets in only admins and reseller staff. The badge says which, the line below why (the flag and the dates).
 */
export function PlatformState({
  client,
}: {
  client: Pick<TClientSummary, 'platformActive' | 'platformOpen' | 'platformStart' | 'platformEnd'>;
}) {
  const { t, i18n } = useTranslation('clients');
  const { platformStart: start, platformEnd: end } = client;
  const dates =
    start && end
      ? t('state.fromTo', { from: formatDate(start, i18n.language), to: formatDate(end, i18n.language) })
      : start
        ? t('state.from', { from: formatDate(start, i18n.language) })
        : end
          ? t('state.to', { to: formatDate(end, i18n.language) })
          : t('state.noDates');
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={client.platformOpen ? 'green' : 'gray'} variant="default">
        {client.platformOpen ? t('state.open') : t('state.closed')}
      </Badge>
      <Text size="sm">
        {client.platformActive ? t('state.active') : t('state.inactive')} · {dates}
      </Text>
    </Stack>
  );
}
