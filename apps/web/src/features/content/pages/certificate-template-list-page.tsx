import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { CellText } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable } from '../../../components/paged-table';
import { usePaging } from '../../../components/table-paging';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCertificateTemplates } from '../api/certificate-templates';
import { CreateCertificateTemplateModal } from '../components/create-certificate-template-modal';

/** /content/certificate-template: the client's certificate templates (spec section 2), paged on the server. */
export function CertificateTemplateListPage() {
  const { t, i18n } = useTranslation(['certificates', 'courses', 'ui']);
  usePageTitle(t('templates.title'));
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [creating, create] = useDisclosure(false);
  const list = useCertificateTemplates({ page, pageSize, search: debounced, locale: i18n.language });

  return (
    <Stack>
      <PageHeader
        title={t('templates.title')}
        intro={t('templates.intro')}
        action={<Button onClick={create.open}>{t('templates.create')}</Button>}
      />
      <Group align="flex-end">
        <TextInput
          label={t('templates.search')}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      <PagedTable
        list={list}
        paging={paging}
        label={t('templates.title')}
        columns={[
          {
            id: 'name',
            header: t('templates.name'),
            cell: (item) => (
              <Anchor component={Link} to={`/content/certificate-template/${item.id}`} size="sm" fw={500}>
                <CellText text={item.name} max={260} />
              </Anchor>
            ),
          },
          {
            id: 'subtitle',
            header: t('templates.subtitle'),
            priority: 2,
            cell: (item) => <CellText text={item.subtitle} />,
          },
          {
            id: 'backgrounds',
            header: t('templates.backgrounds'),
            cell: (item) =>
              item.backgroundLocales.length === 0 ? (
                <Text size="sm">{t('templates.noBackground')}</Text>
              ) : (
                <Group gap={4}>
                  {item.backgroundLocales.map((l) => (
                    <Badge key={l} variant="light" color="blue" tt="none">
                      {t(`courses:locales.${l}`)}
                    </Badge>
                  ))}
                </Group>
              ),
          },
          {
            id: 'courses',
            header: t('templates.courses'),
            nowrap: true,
            priority: 2,
            cell: (item) => item.courseCount,
          },
          {
            id: 'updated',
            header: t('templates.updated'),
            nowrap: true,
            priority: 3,
            cell: (item) => formatDateTime(item.updatedAt, i18n.language),
          },
        ]}
        empty={
          search.trim() ? (
            <EmptyState title={t('ui:empty.noMatch')} />
          ) : (
            <EmptyState
              title={t('ui:empty.certificateTemplates.title')}
              text={t('ui:empty.certificateTemplates.text')}
              action={<Button onClick={create.open}>{t('ui:empty.certificateTemplates.action')}</Button>}
            />
          )
        }
        totalLabel={(count) => t('paging.total', { count })}
      />
      <CreateCertificateTemplateModal opened={creating} onClose={create.close} />
    </Stack>
  );
}
