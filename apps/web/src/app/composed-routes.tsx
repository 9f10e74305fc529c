import { lazyPage, type AppRoute } from '../lib/lazy-route';

const clientPage = lazyPage(() => import('./pages/client-page'), 'ClientPage');

/**
 * The pages that show more than one feature (app/pages): a feature never imports another
 * (apps/web/.dependency-cruiser.cjs), so the shell puts them together. Each keeps its path of spec section 2.
 * - `/`: the learner's dashboard with the premium catalogue, or the staff's figures (features/learner, premium);
 * - `/reseller/clients/{id}` with its tabs as sub-routes (data is the client's own path; design, legal, contacts,
 *   companies, premium, smtp, tokens, settings, audit): features/reseller with features/premium's tab. Who may open a path is
 *   decided by the path (lib/route-rules.ts, permissions.ts: smtp and tokens need "SMTP settings and secret tokens");
 * - `/training/{id}`: the learner's training page with its certificate and course files (features/learner, documents).
 */
export const composedRoutes: AppRoute[] = [
  { path: '/', Page: lazyPage(() => import('./pages/home-page'), 'HomePage') },
  { path: '/reseller/clients/:id', Page: clientPage },
  ...['design', 'legal', 'contacts', 'companies', 'premium', 'smtp', 'tokens', 'settings', 'audit'].map((tab) => ({
    path: `/reseller/clients/:id/${tab}`,
    Page: clientPage,
  })),
  { path: '/training/:id', Page: lazyPage(() => import('./pages/training-page'), 'TrainingPage') },
];
