import {
  CERTIFICATE_BODY_MAX,
  CERTIFICATE_PLACEHOLDERS,
  CERTIFICATE_SUBTITLE_MAX,
  type TCertificateTemplate,
  type TCertificateTemplateContent,
  type TCertificateTemplateListItem,
  type TCertificateTemplateLocale,
} from '@lms/contracts/certificates';
import type { TLocale } from '@lms/contracts/constants';
import { Badge, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CellText } from '../../../components/data-table';
import { formatBytes } from '../../../lib/format';
import {
  certificateTemplateKeys,
  createCertificateTemplate,
  deleteCertificateTemplate,
  removeCertificateBackground,
  saveCertificateTemplate,
  uploadCertificateBackground,
  useCertificateTemplate,
  useCertificateTemplates,
} from '../api/certificate-templates';
import { CertificateDesignPanel } from '../components/certificate-design-panel';
import { CertificatePreview } from '../components/certificate-preview';
import type { TemplateKindUi } from './template-kind';

/** The locales of a template that have a background, by their names. */
function BackgroundLocales({ locales }: { locales: readonly TLocale[] }) {
  const { t } = useTranslation(['certificates', 'courses']);
  return locales.length === 0 ? (
    <Text size="sm">{t('templates.noBackground')}</Text>
  ) : (
    <Group gap={4}>
      {locales.map((l) => (
        <Badge key={l} variant="light" color="blue" tt="none">
          {t(`courses:locales.${l}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** Certificate templates on the screen: subtitle and body, a PDF background per locale, a live PDF preview beside. */
export const certificateKind: TemplateKindUi<
  TCertificateTemplate,
  TCertificateTemplateContent,
  TCertificateTemplateLocale,
  TCertificateTemplateListItem
> = {
  ns: 'certificates',
  listNs: ['certificates', 'courses'],
  path: '/content/certificate-template',
  queryKeys: certificateTemplateKeys,
  useOne: useCertificateTemplate,
  useList: ({ page, pageSize, search, locale }) => useCertificateTemplates({ page, pageSize, search, locale }),
  create: ({ name }) => createCertificateTemplate({ name, locales: {} }),
  save: saveCertificateTemplate,
  remove: deleteCertificateTemplate,
  upload: uploadCertificateBackground,
  removeFile: removeCertificateBackground,
  draftOf: (l) => ({ subtitle: l.subtitle, body: l.body }),
  marksFields: false,
  messages: {
    fileRemoved: 'templates.backgroundRemoved',
    createClose: 'templates.cancel',
    createHint: 'templates.createHint',
    emptyKey: 'certificateTemplates',
  },
  badge: (template, t) => (
    <Badge variant="light" color={template.courseCount > 0 ? 'blue' : 'gray'}>
      {template.courseCount > 0 ? t('templates.usedBy', { count: template.courseCount }) : t('templates.unused')}
    </Badge>
  ),
  form: (t, language) => ({
    fields: [
      {
        key: 'subtitle',
        id: 'certificate-subtitle',
        label: t('templates.subtitle'),
        description: t('templates.subtitleHint'),
        maxLength: CERTIFICATE_SUBTITLE_MAX,
      },
      {
        key: 'body',
        id: 'certificate-body',
        label: t('templates.body'),
        description: t('templates.bodyHint'),
        required: true,
        minRows: 5,
        maxLength: CERTIFICATE_BODY_MAX,
      },
    ],
    file: {
      title: t('templates.background'),
      current: (saved) =>
        saved?.backgroundFileName
          ? t('templates.backgroundCurrent', {
              name: saved.backgroundFileName,
              size: formatBytes(saved.backgroundSize ?? 0, language),
            })
          : t('templates.backgroundNone'),
      hint: t('templates.backgroundHint'),
      accept: 'application/pdf,.pdf',
      has: (saved) => Boolean(saved?.backgroundFileName),
      uploadLabel: (has) => (has ? t('templates.replace') : t('templates.upload')),
      removeLabel: t('templates.removeBackground'),
    },
    placeholders: {
      names: CERTIFICATE_PLACEHOLDERS,
      hints: [],
      shown: 'list',
      meaning: (p) => t(`placeholders.${p}`),
    },
  }),
  columns: (t) => [
    {
      id: 'subtitle',
      header: t('templates.subtitle'),
      priority: 2,
      cell: (item) => <CellText text={item.subtitle} />,
    },
    {
      id: 'backgrounds',
      header: t('templates.backgrounds'),
      cell: (item) => <BackgroundLocales locales={item.backgroundLocales} />,
    },
    { id: 'courses', header: t('templates.courses'), nowrap: true, priority: 2, cell: (item) => item.courseCount },
  ],
  filtered: ({ search }) => search.trim() !== '',
  header: (template) => <CertificateDesignPanel template={template} />,
  panel: (form, { template, locale, draft }) => (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
      {form}
      <CertificatePreview templateId={template.id} locale={locale} draft={draft} version={template.updatedAt} />
    </SimpleGrid>
  ),
};
