import type { TCompany } from '@lms/contracts/companies';
import { Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal, useConfirmedDelete } from '../../../components/confirm-delete-modal';
import { CellText } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable } from '../../../components/paged-table';
import { SearchField, useListSearch } from '../../../components/search-field';
import { usePaging } from '../../../components/table-paging';
import { formatDay } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { companyKeys, createCompany, deleteCompany, renameCompany, useCompanies } from '../api/companies';
import { changeAndDeleteColumn } from './client-row-actions';
import { ClientTabIntro } from './client-tab-intro';
import { CompanyModal, type CompanyModalState } from './company-modal';
import { useMayWriteClient } from '../../../lib/use-may-write-client';

/** The user form's company choices (features/coordination) are cached under this key. */
const USER_FORM_COMPANIES = ['users', 'companies'] as const;

/**
 * The companies tab of /reseller/clients/{id}: the client's companies with how many users name each, searched and
 * paged by the server. A company users still belong to cannot be deleted (the server says how many).
 */
export function CompaniesTab({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation(['client-lists', 'ui']);
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
        label={t('companies.intro')}
        columns={[
          { id: 'name', header: t('companies.name'), cell: (c) => <CellText text={c.name} max={320} /> },
          {
            id: 'users',
            header: t('companies.users'),
            nowrap: true,
            cell: (c) => c.userCount.toLocaleString(i18n.language),
          },
          {
            id: 'createdAt',
            header: t('companies.createdAt'),
            nowrap: true,
            priority: 2,
            cell: (c) => formatDay(c.createdAt, i18n.language),
          },
          ...changeAndDeleteColumn<TCompany>(
            mayWrite,
            t('actions'),
            {
              label: t('companies.rename'),
              name: (c) => t('companies.renameNamed', { name: c.name }),
              onClick: (c) => setModal({ mode: 'rename', id: c.id, name: c.name }),
            },
            { label: t('delete'), name: (c) => t('companies.deleteNamed', { name: c.name }), onClick: removal.ask },
          ),
        ]}
        empty={
          search.debounced ? (
            <EmptyState title={t('companies.noMatch')} />
          ) : (
            <EmptyState
              title={t('companies.empty')}
              action={
                mayWrite && (
                  <Button onClick={() => setModal({ mode: 'create' })}>{t('ui:empty.companies.action')}</Button>
                )
              }
            />
          )
        }
        totalLabel={(total) => t('companies.total', { count: total })}
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
