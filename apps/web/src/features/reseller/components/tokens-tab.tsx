import type { TClientToken } from '@lms/contracts/client-tokens';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { CellText } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable } from '../../../components/paged-table';
import { RowActions } from '../../../components/row-actions';
import { usePaging } from '../../../components/table-paging';
import { useErrorText } from '../../../lib/error-text';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import {
  clientTokenKeys,
  invalidateAllClientTokens,
  invalidateClientToken,
  useClientTokens,
} from '../api/client-tokens';
import { TokenCreateDrawer } from './token-create-drawer';

type Confirm = { kind: 'one'; token: TClientToken } | { kind: 'all' } | null;

/** The word carries the meaning on a tint, in the page's text colour (as StatusBadge: the tints' shades miss AA). */
function TokenStatus({ token }: { token: TClientToken }) {
  const { t } = useTranslation('client-lists');
  const [colour, label] =
    token.status === 'inactive'
      ? ['gray', t('tokens.inactive')]
      : token.expired
        ? ['orange', t('tokens.expired')]
        : ['green', t('tokens.active')];
  return (
    <Badge variant="light" color={colour} c="var(--mantine-color-text)" style={{ minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}

/**
 * The tokens tab of /reseller/clients/{id} (spec section 3 "Client token"): name, expiration, status, created by,
 * last accessed; create (the secret shown once), invalidate one or all, each with its own success and failure
 * message (spec section 8).
 */
export function TokensTab({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation(['client-lists', 'ui']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const list = useClientTokens({ clientId, page: paging.page, pageSize: paging.pageSize });
  const refresh = () => queryClient.invalidateQueries({ queryKey: clientTokenKeys.of(clientId) });

  const invalidate = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.kind === 'one') {
        await invalidateClientToken(confirm.token.id);
        notifySuccess(t('tokens.invalidated', { name: confirm.token.name }));
      } else {
        const { invalidated } = await invalidateAllClientTokens(clientId).then((r) => r ?? { invalidated: 0 });
        notifySuccess(t('tokens.invalidatedAll', { count: invalidated }));
      }
      await refresh();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: confirm.kind === 'one' ? t('tokens.invalidateFailed') : t('tokens.invalidateAllFailed'),
        message: errorText(err),
      });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  return (
    <Stack>
      <Text>{t('tokens.intro')}</Text>
      <Group>
        <Button onClick={() => setCreating(true)}>{t('tokens.create')}</Button>
        <Button variant="default" c="red.9" onClick={() => setConfirm({ kind: 'all' })}>
          {t('tokens.invalidateAll')}
        </Button>
      </Group>
      <PagedTable
        list={list}
        paging={paging}
        label={t('tokens.intro')}
        columns={[
          { id: 'name', header: t('tokens.name'), cell: (token) => <CellText text={token.name} max={260} /> },
          {
            id: 'expiresOn',
            header: t('tokens.expiresOn'),
            nowrap: true,
            cell: (token) => (token.expiresOn ? formatDate(token.expiresOn, i18n.language) : t('tokens.never')),
          },
          { id: 'status', header: t('tokens.status'), nowrap: true, cell: (token) => <TokenStatus token={token} /> },
          {
            id: 'createdBy',
            header: t('tokens.createdBy'),
            priority: 2,
            cell: (token) => (
              <>
                <CellText text={token.createdByName || '–'} max={200} />
                <Text size="xs">{formatDateTime(token.createdAt, i18n.language)}</Text>
              </>
            ),
          },
          {
            id: 'lastAccessed',
            header: t('tokens.lastAccessed'),
            nowrap: true,
            priority: 2,
            cell: (token) =>
              token.lastAccessedAt ? formatDateTime(token.lastAccessedAt, i18n.language) : t('tokens.notYet'),
          },
          {
            id: 'actions',
            header: t('actions'),
            actions: true,
            cell: (token) =>
              token.status === 'active' && (
                <RowActions
                  actions={[
                    {
                      label: t('tokens.invalidate'),
                      name: t('tokens.invalidateNamed', { name: token.name }),
                      danger: true,
                      onClick: () => setConfirm({ kind: 'one', token }),
                    },
                  ]}
                />
              ),
          },
        ]}
        empty={
          <EmptyState
            title={t('tokens.empty')}
            action={<Button onClick={() => setCreating(true)}>{t('ui:empty.tokens.action')}</Button>}
          />
        }
        totalLabel={(total) => t('tokens.total', { count: total })}
      />
      <TokenCreateDrawer clientId={clientId} opened={creating} onClose={() => setCreating(false)} onCreated={refresh} />
      <ConfirmDeleteModal
        opened={confirm !== null}
        title={confirm?.kind === 'all' ? t('tokens.invalidateAllTitle') : t('tokens.invalidateTitle')}
        text={
          confirm?.kind === 'one'
            ? t('tokens.invalidateText', { name: confirm.token.name })
            : t('tokens.invalidateAllText')
        }
        confirmLabel={confirm?.kind === 'all' ? t('tokens.invalidateAll') : t('tokens.invalidate')}
        busy={busy}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void invalidate()}
      />
    </Stack>
  );
}
