import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/** Issue 14, the premium flow (spec section 2): the purchase, the invoice list and PayPal's return into the popup. */
export const premiumRoutes: AppRoute[] = [
  { path: '/premium', Page: lazyPage(() => import('./pages/premium-page'), 'PremiumPage') },
  { path: '/premium/invoices', Page: lazyPage(() => import('./pages/invoices-page'), 'InvoicesPage') },
  {
    path: '/premium/paypal-return',
    Page: lazyPage(() => import('./pages/paypal-return-page'), 'PaypalReturnPage'),
    chrome: 'plain',
  },
];
