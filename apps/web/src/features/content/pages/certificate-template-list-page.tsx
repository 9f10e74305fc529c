import type { TCertificateTemplateListItem } from '@lms/contracts/certificates';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { CellText } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable } from '../../../components/paged-table';
import { SearchField, useListSearch } from '../../../components/search-field';
import { usePaging } from '../../../components/table-paging';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCertificateTemplates } from '../api/certificate-templates';
import { CreateCertificateTemplateModal } from '../components/create-certificate-template-modal';
import { templateListColumns } from '../components/template-list-columns';

/** /content/certificate-template: the client's certificate templates (spec section 2), paged on the server. */
export function CertificateTemplateListPage() {
  const { t, i18n } = useTranslation(['certificates', 'courses', 'ui']);
  usePageTitle(t('templates.title'));
  const paging = usePaging();
  const { page, pageSize } = paging;
  const search = useListSearch(paging);
  const [creating, create] = useDisclosure(false);
  const list = useCertificateTemplates({ page, pageSize, search: search.debounced, locale: i18n.language });

  return (
    <Stack>
      <PageHeader
        title={t('templates.title')}
        intro={t('templates.intro')}
        action={<Button onClick={create.open}>{t('templates.create')}</Button>}
      />
      <Group align="flex-end">
        <SearchField label={t('templates.search')} search={search} />
      </Group>
      <PagedTable
        list={list}
        paging={paging}
        label={t('templates.title')}
        columns={templateListColumns<TCertificateTemplateListItem>(
          {
            path: '/content/certificate-template',
            nameHeader: t('templates.name'),
            updatedHeader: t('templates.updated'),
            locale: i18n.language,
          },
          [
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
          ],
        )}
        empty={
          search.value.trim() ? (
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
