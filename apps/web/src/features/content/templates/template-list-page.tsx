import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { SearchField, useListSearch } from '../../../components/search-field';
import { usePaging } from '../../../components/table-paging';
import { usePageTitle } from '../../../lib/use-page-title';
import { CreateTemplateModal } from './create-template-modal';
import type { EditedTemplate, TemplateKindUi } from './template-kind';
import { templateListColumns } from './template-list-columns';

/** /content/<kind>-template: the client's templates of a kind (spec section 2), paged on the server. */
export function TemplateListPage<
  T extends EditedTemplate<S>,
  C,
  S,
  I extends { id: string; name: string; updatedAt: string },
>({ kind }: { kind: TemplateKindUi<T, C, S, I> }) {
  const { t, i18n } = useTranslation([...kind.listNs, 'ui']);
  usePageTitle(t('templates.title'));
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const search = useListSearch(paging);
  const [variant, setVariant] = useState<string | null>(null);
  const [creating, create] = useDisclosure(false);
  const list = kind.useList({ page, pageSize, search: search.debounced, locale: i18n.language, variant });
  const variants = kind.variants?.(t);
  const empty = `ui:empty.${kind.messages.emptyKey}`;

  return (
    <Stack>
      <PageHeader
        title={t('templates.title')}
        intro={t('templates.intro')}
        action={<Button onClick={create.open}>{t('templates.create')}</Button>}
      />
      <Group align="flex-end">
        <SearchField label={t('templates.search')} search={search} />
        {variants && (
          <NativeSelect
            label={t('templates.kind')}
            value={variant ?? ''}
            onChange={(e) => {
              setVariant(e.currentTarget.value || null);
              setPage(1);
            }}
            data={[{ value: '', label: t('templates.allKinds') }, ...variants]}
          />
        )}
      </Group>
      <PagedTable
        list={list}
        paging={paging}
        label={t('templates.title')}
        columns={templateListColumns<I>(
          {
            path: kind.path,
            nameHeader: t('templates.name'),
            updatedHeader: t('templates.updated'),
            locale: i18n.language,
          },
          kind.columns(t),
        )}
        empty={
          kind.filtered({ search: search.value, debounced: search.debounced, variant }) ? (
            <EmptyState title={t('ui:empty.noMatch')} />
          ) : (
            <EmptyState
              title={t(`${empty}.title`)}
              text={t(`${empty}.text`)}
              action={<Button onClick={create.open}>{t(`${empty}.action`)}</Button>}
            />
          )
        }
        totalLabel={(count) => t('paging.total', { count })}
      />
      <CreateTemplateModal kind={kind} opened={creating} onClose={create.close} />
    </Stack>
  );
}
