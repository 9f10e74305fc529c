import {
  MAIL_PLACEHOLDERS,
  MAIL_TEMPLATE_KINDS,
  SECRET_LINK_KINDS,
  type TMailTemplate,
  type TMailTemplateContent,
  type TMailTemplateKind,
  type TMailTemplateListItem,
  type TMailTemplateLocale,
} from '@lms/contracts/mail-templates';
import { Badge } from '@mantine/core';
import { CellText } from '../../../components/data-table';
import {
  createMailTemplate,
  deleteMailTemplate,
  mailTemplateKeys,
  removeMailTemplateFile,
  saveMailTemplate,
  uploadMailTemplateFile,
  useMailTemplate,
  useMailTemplates,
} from '../api/mail-templates';
import { BADGE_STYLES } from '../components/mail-status';
import { MailPreviewAction } from './mail-preview-action';
import type { TemplateKindUi } from './template-kind';

/** Mail templates on the screen: one of a mail kind; subject, text, HTML, an HTML file, and a preview on demand. */
export const mailKind: TemplateKindUi<TMailTemplate, TMailTemplateContent, TMailTemplateLocale, TMailTemplateListItem> =
  {
    ns: 'mail',
    listNs: ['mail'],
    path: '/content/mail-template',
    queryKeys: mailTemplateKeys,
    useOne: useMailTemplate,
    useList: ({ page, pageSize, search, variant }) =>
      useMailTemplates({ page, pageSize, search, kind: variant as TMailTemplateKind | null }),
    create: ({ name, variant }) => createMailTemplate({ kind: variant as TMailTemplateKind, name, locales: {} }),
    save: saveMailTemplate,
    remove: deleteMailTemplate,
    upload: uploadMailTemplateFile,
    removeFile: removeMailTemplateFile,
    draftOf: (l) => ({ subject: l.subject, bodyText: l.bodyText, bodyHtml: l.bodyHtml }),
    variants: (t) => MAIL_TEMPLATE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
    defaultVariant: 'reminder',
    marksFields: true,
    messages: { fileRemoved: 'templates.fileRemoved', createClose: 'close', emptyKey: 'mailTemplates' },
    badge: (template, t) => <Badge variant="light">{t(`kinds.${template.kind}`)}</Badge>,
    form: (t, _language, template) => ({
      fields: [
        { key: 'subject', id: 'subject', label: t('templates.subject'), required: true, maxLength: 300 },
        { key: 'bodyText', id: 'text', label: t('templates.bodyText'), required: true, minRows: 8 },
        {
          key: 'bodyHtml',
          id: 'html',
          label: t('templates.bodyHtml'),
          description: t('templates.bodyHtmlHint'),
          minRows: 4,
          nullable: true,
          monospace: true,
        },
      ],
      file: {
        title: t('templates.htmlFile'),
        current: (saved) =>
          saved?.htmlFileName
            ? t('templates.htmlFileCurrent', { name: saved.htmlFileName })
            : t('templates.htmlFileNone'),
        accept: 'text/html,.html,.htm',
        has: (saved) => Boolean(saved?.htmlFileName),
        uploadLabel: () => t('templates.upload'),
        removeLabel: t('templates.removeFile'),
      },
      placeholders: {
        names: MAIL_PLACEHOLDERS,
        hints: [
          t('templates.sectionsHint'),
          ...(SECRET_LINK_KINDS.has(template.kind) ? [t('templates.secretLinkHint')] : []),
        ],
        shown: 'tooltips',
        meaning: (p) => t(`placeholders.${p}`),
      },
    }),
    columns: (t) => [
      {
        id: 'kind',
        header: t('templates.kind'),
        cell: (item) => <CellText text={t(`kinds.${item.kind}`)} max={200} />,
      },
      { id: 'subject', header: t('templates.subject'), priority: 2, cell: (item) => <CellText text={item.subject} /> },
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
    filtered: ({ debounced, variant }) => Boolean(debounced || variant),
    actions: (ctx) => <MailPreviewAction {...ctx} />,
  };
