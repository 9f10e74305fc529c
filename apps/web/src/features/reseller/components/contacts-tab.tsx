import type { TClientContact } from '@lms/contracts/client-contacts';
import { Alert, Anchor, Stack, Table } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal, useConfirmedDelete } from '../../../components/confirm-delete-modal';
import { PageLoader } from '../../../components/page-loader';
import { RowActions } from '../../../components/row-actions';
import { useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import {
  clientContactKeys,
  createClientContact,
  deleteClientContact,
  updateClientContact,
  useClientContacts,
} from '../api/client-contacts';
import { ClientTabIntro } from './client-tab-intro';
import { ContactDrawer, type ContactDrawerState } from './contact-drawer';
import { useMayWriteClient } from './use-may-write-client';

/** The contacts tab of /reseller/clients/{id}: the client's contact persons, sorted by responsibility and name. */
export function ContactsTab({ clientId }: { clientId: string }) {
  const { t } = useTranslation('client-lists');
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
      <Table.ScrollContainer minWidth={720}>
        <Table striped aria-label={t('contacts.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('contacts.responsibility')}</Table.Th>
              <Table.Th>{t('contacts.name')}</Table.Th>
              <Table.Th>{t('contacts.phone')}</Table.Th>
              <Table.Th>{t('contacts.email')}</Table.Th>
              {mayWrite && <Table.Th>{t('actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.responsibility}</Table.Td>
                <Table.Td>{name(c)}</Table.Td>
                <Table.Td>
                  {c.phone ? (
                    <Anchor inherit href={`tel:${c.phone.replace(/\s/g, '')}`}>
                      {c.phone}
                    </Anchor>
                  ) : (
                    '–'
                  )}
                </Table.Td>
                <Table.Td>
                  {c.email ? (
                    <Anchor inherit href={`mailto:${c.email}`}>
                      {c.email}
                    </Anchor>
                  ) : (
                    '–'
                  )}
                </Table.Td>
                {mayWrite && (
                  <Table.Td>
                    <RowActions
                      actions={[
                        {
                          label: t('edit'),
                          name: t('contacts.editNamed', { name: name(c) }),
                          onClick: () => setDrawer({ mode: 'edit', contact: c }),
                        },
                        {
                          label: t('delete'),
                          name: t('contacts.deleteNamed', { name: name(c) }),
                          danger: true,
                          onClick: () => removal.ask(c),
                        },
                      ]}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
            {items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={mayWrite ? 5 : 4}>{t('contacts.empty')}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
