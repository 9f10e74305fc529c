import { MAIL_TEMPLATE_KINDS, type TMailTemplateKind } from '@lms/contracts/mail-templates';
import { Anchor, Badge, Button, Group, NativeSelect, Stack, Table } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { SearchField, useListSearch } from '../../../components/search-field';
import { usePaging } from '../../../components/table-paging';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMailTemplates } from '../api/mail-templates';
import { CreateMailTemplateModal } from '../components/create-mail-template-modal';
import { BADGE_STYLES } from '../components/mail-status';
import { formatDateTime } from '../../../lib/format';

/** /content/mail-template: every template of the client, the standard one of each kind first made from defaults. */
export function MailTemplateListPage() {
  const { t, i18n } = useTranslation('mail');
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
        minWidth={720}
        headers={[
          t('templates.name'),
          t('templates.kind'),
          t('templates.subject'),
          t('templates.type'),
          t('templates.updated'),
        ]}
        emptyText={t('templates.empty')}
        totalLabel={(count) => t('paging.total', { count })}
        renderRow={(item) => (
          <>
            <Table.Td>
              <Anchor component={Link} to={`/content/mail-template/${item.id}`}>
                {item.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{t(`kinds.${item.kind}`)}</Table.Td>
            <Table.Td>{item.subject}</Table.Td>
            <Table.Td>
              <Badge styles={BADGE_STYLES} variant="light" color={item.isStandard ? 'blue' : 'grape'}>
                {item.isStandard ? t('templates.standard') : t('templates.additional')}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDateTime(item.updatedAt, i18n.language)}</Table.Td>
          </>
        )}
      />
      <CreateMailTemplateModal opened={creating} onClose={create.close} />
    </Stack>
  );
}
