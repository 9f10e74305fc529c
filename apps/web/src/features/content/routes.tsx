import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/**
 * Spec section 2: /content/courses[/{id}[/files|/modules]], /content/certificate-template[/{id}], /content/mail-template[/{id}], /content/mail-queue.
 * Add pages as `{ path, Page: lazyPage(() => import('./pages/<page>'), '<Export>') }`. Until a page exists its
 * path shows the not-found page; who may open it is decided by the path (lib/route-rules.ts, permissions.ts).
 */
export const contentRoutes: AppRoute[] = [
  { path: '/content/courses', Page: lazyPage(() => import('./pages/course-list-page'), 'CourseListPage') },
  { path: '/content/courses/:id', Page: lazyPage(() => import('./pages/course-page'), 'CoursePage') },
  {
    path: '/content/courses/:id/modules',
    Page: lazyPage(() => import('./pages/course-modules-page'), 'CourseModulesPage'),
  },
  {
    path: '/content/courses/:id/modules/:moduleId/preview',
    Page: lazyPage(() => import('./pages/module-preview-page'), 'ModulePreviewPage'),
  },
  { path: '/content/courses/:id/files', Page: lazyPage(() => import('./pages/course-files-page'), 'CourseFilesPage') },
  {
    path: '/content/certificate-template',
    Page: lazyPage(() => import('./templates/template-pages'), 'CertificateTemplateListPage'),
  },
  {
    path: '/content/certificate-template/:id',
    Page: lazyPage(() => import('./templates/template-pages'), 'CertificateTemplatePage'),
  },
  {
    path: '/content/mail-template',
    Page: lazyPage(() => import('./templates/template-pages'), 'MailTemplateListPage'),
  },
  {
    path: '/content/mail-template/:id',
    Page: lazyPage(() => import('./templates/template-pages'), 'MailTemplatePage'),
  },
  { path: '/content/mail-queue', Page: lazyPage(() => import('./pages/mail-queue-page'), 'MailQueuePage') },
];
