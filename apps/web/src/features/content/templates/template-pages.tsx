import { certificateKind } from './certificate-kind';
import { mailKind } from './mail-kind';
import { TemplateListPage } from './template-list-page';
import { TemplatePage } from './template-page';

// The template pages of each kind (spec section 2: /content/certificate-template[/{id}], /content/mail-template[/{id}]),
// one list page and one editor for both (issue 29).

export const CertificateTemplateListPage = () => <TemplateListPage kind={certificateKind} />;
export const CertificateTemplatePage = () => <TemplatePage kind={certificateKind} />;
export const MailTemplateListPage = () => <TemplateListPage kind={mailKind} />;
export const MailTemplatePage = () => <TemplatePage kind={mailKind} />;
