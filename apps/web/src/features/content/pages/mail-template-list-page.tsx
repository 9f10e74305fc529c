import { MAIL_TEMPLATE_KINDS, type TMailTemplateKind, type TMailTemplateListItem } from '@lms/contracts/mail-templates';
import { Badge, Button, Group, NativeSelect, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { CellText } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable } from '../../../components/paged-table';
import { SearchField, useListSearch } from '../../../components/search-field';
import { usePaging } from '../../../components/table-paging';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMailTemplates } from '../api/mail-templates';
import { CreateMailTemplateModal } from '../components/create-mail-template-modal';
import { BADGE_STYLES } from '../components/mail-status';
import { templateListColumns } from '../components/template-list-columns';

/** /content/mail-template: every template of the client, the standard one of each kind first made from defaults. */
export function MailTemplateListPage() {
  const { t, i18n } = useTranslation(['mail', 'ui']);
  usePageTitle(t('templates.title'));
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const search = useListSearch(paging);
  const [kind, setKind] = useState<TMailTemplateKind | null>(null);
  const [creating, create] = useDisclosure(false);
  const list = useMailTemplates({ page, pageSize, search: search.debounced, kind });

  return (
    <Stack>
      <PageHeader
        title={t('templates.title')}
        intro={t('templates.intro')}
        action={<Button onClick={create.open}>{t('templates.create')}</Button>}
      />
      <Group align="flex-end">
        <SearchField label={t('templates.search')} search={search} />
        <NativeSelect
          label={t('templates.kind')}
          value={kind ?? ''}
          onChange={(e) => {
            setKind((e.currentTarget.value || null) as TMailTemplateKind | null);
            setPage(1);
          }}
          data={[
            { value: '', label: t('templates.allKinds') },
            ...MAIL_TEMPLATE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
          ]}
        />
      </Group>
      <PagedTable
        list={list}
        paging={paging}
        label={t('templates.title')}
        columns={templateListColumns<TMailTemplateListItem>(
          {
            path: '/content/mail-template',
            nameHeader: t('templates.name'),
            updatedHeader: t('templates.updated'),
            locale: i18n.language,
          },
          [
            {
              id: 'kind',
              header: t('templates.kind'),
              cell: (item) => <CellText text={t(`kinds.${item.kind}`)} max={200} />,
            },
            {
              id: 'subject',
              header: t('templates.subject'),
              priority: 2,
              cell: (item) => <CellText text={item.subject} />,
            },
            {
              id: 'type',
              header: t('templates.type'),
              nowrap: true,
              cell: (item) => (
                <Badge styles={BADGE_STYLES} variant="light" color={item.isStandard ? 'blue' : 'grape'}>
                  {item.isStandard ? t('templates.standard') : t('templates.additional')}
                </Badge>
              ),
            },
          ],
        )}
        empty={
          search.debounced || kind ? (
            <EmptyState title={t('ui:empty.noMatch')} />
          ) : (
            <EmptyState
              title={t('ui:empty.mailTemplates.title')}
              text={t('ui:empty.mailTemplates.text')}
              action={<Button onClick={create.open}>{t('ui:empty.mailTemplates.action')}</Button>}
            />
          )
        }
        totalLabel={(count) => t('paging.total', { count })}
      />
      <CreateMailTemplateModal opened={creating} onClose={create.close} />
    </Stack>
  );
}
