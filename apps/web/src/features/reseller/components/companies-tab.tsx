import type { TCompany } from '@lms/contracts/companies';
import { Stack, Table } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal, useConfirmedDelete } from '../../../components/confirm-delete-modal';
import { PagedTable } from '../../../components/paged-table';
import { RowActions } from '../../../components/row-actions';
import { SearchField, useListSearch } from '../../../components/search-field';
import { usePaging } from '../../../components/table-paging';
import { formatDay } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { companyKeys, createCompany, deleteCompany, renameCompany, useCompanies } from '../api/companies';
import { ClientTabIntro } from './client-tab-intro';
import { CompanyModal, type CompanyModalState } from './company-modal';
import { useMayWriteClient } from './use-may-write-client';

/** The user form's company choices (features/coordination) are cached under this key. */
const USER_FORM_COMPANIES = ['users', 'companies'] as const;

/**
 * The companies tab of /reseller/clients/{id}: the client's companies with how many users name each, searched and
 * paged by the server. A company users still belong to cannot be deleted (the server says how many).
 */
export function CompaniesTab({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation('client-lists');
  const queryClient = useQueryClient();
  const mayWrite = useMayWriteClient();
  const paging = usePaging();
  const search = useListSearch(paging);
  const [modal, setModal] = useState<CompanyModalState>(null);
  const list = useCompanies({
    clientId,
    page: paging.page,
    pageSize: paging.pageSize,
    sort: 'name',
    search: search.debounced || undefined,
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: companyKeys.of(clientId) });
    await queryClient.invalidateQueries({ queryKey: USER_FORM_COMPANIES });
  };

  const removal = useConfirmedDelete<TCompany>(async (company) => {
    await deleteCompany(company.id);
    notifySuccess(t('companies.deleted'));
    await refresh();
  });

  return (
    <Stack>
      <ClientTabIntro
        intro={t('companies.intro')}
        createLabel={t('companies.create')}
        onCreate={() => setModal({ mode: 'create' })}
        mayWrite={mayWrite}
      />
      <SearchField label={t('companies.search')} maw={360} search={search} />
      <PagedTable
        list={list}
        paging={paging}
        minWidth={560}
        headers={[
          t('companies.name'),
          t('companies.users'),
          t('companies.createdAt'),
          ...(mayWrite ? [t('actions')] : []),
        ]}
        emptyText={search.debounced ? t('companies.noMatch') : t('companies.empty')}
        totalLabel={(total) => t('companies.total', { count: total })}
        renderRow={(c) => (
          <>
            <Table.Td>{c.name}</Table.Td>
            <Table.Td>{c.userCount.toLocaleString(i18n.language)}</Table.Td>
            <Table.Td>{formatDay(c.createdAt, i18n.language)}</Table.Td>
            {mayWrite && (
              <Table.Td>
                <RowActions
                  actions={[
                    {
                      label: t('companies.rename'),
                      name: t('companies.renameNamed', { name: c.name }),
                      onClick: () => setModal({ mode: 'rename', id: c.id, name: c.name }),
                    },
                    {
                      label: t('delete'),
                      name: t('companies.deleteNamed', { name: c.name }),
                      danger: true,
                      onClick: () => removal.ask(c),
                    },
                  ]}
                />
              </Table.Td>
            )}
          </>
        )}
      />
      <CompanyModal
        state={modal}
        onClose={() => setModal(null)}
        onSave={async (name) => {
          if (modal?.mode === 'rename') await renameCompany(modal.id, { name });
          else await createCompany({ clientId, name });
          notifySuccess(t('companies.saved'));
          await refresh();
        }}
      />
      <ConfirmDeleteModal
        {...removal.modal}
        title={t('companies.deleteTitle')}
        text={removal.item ? t('companies.deleteText', { name: removal.item.name }) : ''}
        confirmLabel={t('companies.deleteConfirm')}
      />
    </Stack>
  );
}
