import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { usePaging } from '../../../components/table-paging';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCertificateTemplates } from '../api/certificate-templates';
import { CreateCertificateTemplateModal } from '../components/create-certificate-template-modal';

/** /content/certificate-template: the client's certificate templates (spec section 2), paged on the server. */
export function CertificateTemplateListPage() {
  const { t, i18n } = useTranslation(['certificates', 'courses']);
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
        minWidth={720}
        headers={[
          t('templates.name'),
          t('templates.subtitle'),
          t('templates.backgrounds'),
          t('templates.courses'),
          t('templates.updated'),
        ]}
        emptyText={t('templates.empty')}
        totalLabel={(count) => t('paging.total', { count })}
        renderRow={(item) => (
          <>
            <Table.Td>
              <Anchor component={Link} to={`/content/certificate-template/${item.id}`}>
                {item.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{item.subtitle}</Table.Td>
            <Table.Td>
              {item.backgroundLocales.length === 0 ? (
                <Text size="sm">{t('templates.noBackground')}</Text>
              ) : (
                <Group gap={4}>
                  {item.backgroundLocales.map((l) => (
                    <Badge key={l} variant="light" color="blue" tt="none">
                      {t(`courses:locales.${l}`)}
                    </Badge>
                  ))}
                </Group>
              )}
            </Table.Td>
            <Table.Td>{item.courseCount}</Table.Td>
            <Table.Td>{formatDateTime(item.updatedAt, i18n.language)}</Table.Td>
          </>
        )}
      />
      <CreateCertificateTemplateModal opened={creating} onClose={create.close} />
    </Stack>
  );
}
