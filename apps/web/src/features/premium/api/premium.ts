import {
  ZAdminPurchasePage,
  ZInvoicePage,
  ZPremiumCatalogue,
  ZPremiumOffer,
  ZPremiumSettings,
  ZPurchase,
  ZStartedPremiumCourse,
  type TCreatePurchaseBody,
  type TPremiumSettings,
} from '@lms/contracts/premium';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetchFile, apiGet, apiPost } from '../../../lib/api-client';

// The premium calls (issue 14): the offer, a purchase and its state, invoices, the catalogue, the client's settings.

export const premiumKeys = {
  all: ['premium'] as const,
  offer: ['premium', 'offer'] as const,
  purchase: (id: string) => ['premium', 'purchase', id] as const,
  invoices: (page: number, pageSize: number) => ['premium', 'invoices', page, pageSize] as const,
  catalogue: ['premium', 'catalogue'] as const,
  settings: (clientId: string) => ['premium', 'settings', clientId] as const,
  purchases: (clientId: string, page: number, status: string) =>
    ['premium', 'purchases', clientId, page, status] as const,
};

/** How often the waiting page asks for the purchase's state (the server asks PayPal at most every 3 s). */
export const PURCHASE_POLL_MS = 2_000;

export const useOffer = () =>
  useQuery({ queryKey: premiumKeys.offer, queryFn: () => apiGet('/premium/offer', ZPremiumOffer) });

/** A pending purchase is asked again and again until its state changes (spec section 4: the page refreshes itself). */
export const usePurchase = (id: string | null) =>
  useQuery({
    queryKey: premiumKeys.purchase(id ?? ''),
    queryFn: () => apiGet(`/premium/purchases/${id}`, ZPurchase),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PURCHASE_POLL_MS : false),
    staleTime: 0,
  });

export const createPurchase = (body: TCreatePurchaseBody) => apiPost('/premium/purchases', body, ZPurchase);

export const useInvoices = (page: number, pageSize: number) =>
  useQuery({
    queryKey: premiumKeys.invoices(page, pageSize),
    queryFn: () => apiGet(`/premium/invoices?page=${page}&pageSize=${pageSize}`, ZInvoicePage),
    placeholderData: keepPreviousData,
  });

/** The invoice PDF with the server's file name. */
export const fetchInvoice = (id: string) => apiFetchFile(`/premium/invoices/${id}/pdf`, { skipPolicy: true });

export const useCatalogue = () =>
  useQuery({
    queryKey: premiumKeys.catalogue,
    queryFn: () => apiGet('/premium/catalogue', ZPremiumCatalogue),
    staleTime: 0,
  });

export const startPremiumCourse = (courseId: string) =>
  apiPost(`/premium/courses/${courseId}/start`, undefined, ZStartedPremiumCourse);

export const usePremiumSettings = (clientId: string) =>
  useQuery({
    queryKey: premiumKeys.settings(clientId),
    queryFn: () => apiGet(`/premium/settings?clientId=${clientId}`, ZPremiumSettings),
  });

export const savePremiumSettings = (clientId: string, body: TPremiumSettings) =>
  apiPost('/premium/settings', { ...body, clientId }, ZPremiumSettings);

export const useClientPurchases = (clientId: string, page: number, status: string) =>
  useQuery({
    queryKey: premiumKeys.purchases(clientId, page, status),
    queryFn: () =>
      apiGet(
        `/premium/admin/purchases?clientId=${clientId}&page=${page}&pageSize=25${status ? `&status=${status}` : ''}`,
        ZAdminPurchasePage,
      ),
    placeholderData: keepPreviousData,
  });

export const markPurchasePaid = (id: string) => apiPost(`/premium/admin/purchases/${id}/paid`, undefined, ZPurchase);

export const refreshPremium = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: premiumKeys.all });
