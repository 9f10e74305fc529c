// The templates feature's public face (content layer, issue 29): other features and the app import only this file.
// Mail and certificate templates are two kinds of one feature (template-kinds.ts) with one store, service and set of
// routes (template.service.ts, template.routes.ts); each keeps its API path, its placeholders and rules, and its
// rendering: the MIME parts of a mail, the PDF of a certificate.

export { TEMPLATE_KINDS, type TemplateKindName } from './template-kinds';
export { registerTemplateUsage, type TemplateUsageCounter } from './template-usage';

// Routes (spec section 7: /mail-template, /certificate-template).
export { mailTemplateRoutes } from './mail/mail-template.routes';
export { certificateTemplateRoutes } from './certificate/certificate-template.routes';

// Mail templates: what a mail of a kind is made from, and how it is rendered (the mail feature sends it).
export type { MailTemplateLocalesTable, MailTemplatesTable } from './mail/mail-template.table';
export { isMailTemplateOfKind, mailSourceOfKind } from './mail/mail-template.service';
export { defaultTemplateContent, defaultTemplateName } from './mail/default-templates';
export { escapeHtml, renderTemplate, textToHtml, wrapHtmlDocument, type RenderedMail } from './mail/template-render';
export { sampleValues } from './mail/template-sample';
export { brandMail } from './mail/mail-branding';
export { linkSpots, parseHtml, remoteResourceIn } from './mail/html-rules';

// Certificate templates: their texts and backgrounds, and the PDF (the certificates feature issues it).
export type {
  CertificateTemplateLocalesTable,
  CertificateTemplatesTable,
} from './certificate/certificate-template.table';
export { isCertificateTemplateOfClient } from './certificate/certificate-template-ref';
export { findCertificateTemplateLocales } from './certificate/certificate-template.repository';
export { readBackground } from './certificate/certificate-template-storage';
export { renderCertificatePdf, type RenderedCertificate } from './certificate/certificate-pdf';
export type { CertificateVerificationMark } from './certificate/certificate-verification-mark';
export {
  fillCertificateText,
  formatCertificateDate,
  formatCertificateDuration,
  defaultCertificateContent,
  splitCertificateBody,
} from './certificate/certificate-text';
export { loadTemplateLook } from './certificate/certificate-images';
export type { CertificateLook } from './certificate/certificate-designs';
export { cachedFontkit, certificateFontBytes } from './certificate/certificate-fonts';
