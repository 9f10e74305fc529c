import { certificateTemplates } from './certificate/certificate-template.service';
import { mailTemplates } from './mail/mail-template.service';

/**
 * The kinds of the template feature (issue 29): mail templates, one variant a mail kind, and certificate templates.
 * Each has its store, defaults, placeholders and save rules, its rendering (MIME parts, or a PDF) and its API path.
 */
export const TEMPLATE_KINDS = { mail: mailTemplates, certificate: certificateTemplates } as const;
export type TemplateKindName = keyof typeof TEMPLATE_KINDS;
