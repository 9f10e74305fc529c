import type { TClientContact } from '@lms/contracts/client-contacts';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal, useConfirmedDelete } from '../../../components/confirm-delete-modal';
import { CellText, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import {
  clientContactKeys,
  createClientContact,
  deleteClientContact,
  updateClientContact,
  useClientContacts,
} from '../api/client-contacts';
import { changeAndDeleteColumn } from './client-row-actions';
import { ClientTabIntro } from './client-tab-intro';
import { ContactDrawer, type ContactDrawerState } from './contact-drawer';
import { useMayWriteClient } from '../../../lib/use-may-write-client';

/** The contacts tab of /reseller/clients/{id}: the client's contact persons, sorted by responsibility and name. */
export function ContactsTab({ clientId }: { clientId: string }) {
  const { t } = useTranslation(['client-lists', 'ui']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const mayWrite = useMayWriteClient();
  const contacts = useClientContacts(clientId);
  const [drawer, setDrawer] = useState<ContactDrawerState>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: clientContactKeys.of(clientId) });

  const removal = useConfirmedDelete<TClientContact>(async (contact) => {
    await deleteClientContact(contact.id);
    notifySuccess(t('contacts.deleted'));
    await refresh();
  });

  if (contacts.isPending) return <PageLoader />;
  if (contacts.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(contacts.error)}
      </Alert>
    );
  const items = contacts.data.items;
  const name = (c: TClientContact) => `${c.firstName} ${c.lastName}`;
  return (
    <Stack>
      <ClientTabIntro
        intro={t('contacts.intro')}
        createLabel={t('contacts.create')}
        onCreate={() => setDrawer({ mode: 'create' })}
        mayWrite={mayWrite}
      />
      <DataTable
        label={t('contacts.title')}
        data={items}
        getRowId={(c) => c.id}
        columns={[
          { id: 'name', header: t('contacts.name'), cell: (c) => <CellText text={name(c)} max={220} /> },
          {
            id: 'responsibility',
            header: t('contacts.responsibility'),
            cell: (c) => <CellText text={c.responsibility} />,
          },
          {
            id: 'phone',
            header: t('contacts.phone'),
            nowrap: true,
            priority: 2,
            cell: (c) =>
              c.phone ? (
                <Anchor inherit href={`tel:${c.phone.replace(/\s/g, '')}`}>
                  {c.phone}
                </Anchor>
              ) : (
                '–'
              ),
          },
          {
            id: 'email',
            header: t('contacts.email'),
            cell: (c) =>
              c.email ? (
                <Anchor inherit href={`mailto:${c.email}`}>
                  <CellText text={c.email} max={240} />
                </Anchor>
              ) : (
                '–'
              ),
          },
          ...changeAndDeleteColumn<TClientContact>(
            mayWrite,
            t('actions'),
            {
              label: t('edit'),
              name: (c) => t('contacts.editNamed', { name: name(c) }),
              onClick: (contact) => setDrawer({ mode: 'edit', contact }),
            },
            { label: t('delete'), name: (c) => t('contacts.deleteNamed', { name: name(c) }), onClick: removal.ask },
          ),
        ]}
        empty={
          <EmptyState
            title={t('contacts.empty')}
            action={
              mayWrite && <Button onClick={() => setDrawer({ mode: 'create' })}>{t('ui:empty.contacts.action')}</Button>
            }
          />
        }
      />
      <ContactDrawer
        state={drawer}
        onClose={() => setDrawer(null)}
        onSave={async (body) => {
          if (drawer?.mode === 'edit') await updateClientContact(drawer.contact.id, body);
          else await createClientContact({ clientId, ...body });
          notifySuccess(t('contacts.saved'));
          await refresh();
        }}
      />
      <ConfirmDeleteModal
        {...removal.modal}
        title={t('contacts.deleteTitle')}
        text={removal.item ? t('contacts.deleteText', { name: name(removal.item) }) : ''}
        confirmLabel={t('contacts.deleteConfirm')}
      />
    </Stack>
  );
}
