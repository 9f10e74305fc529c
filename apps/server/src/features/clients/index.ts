// The public face of features/clients: what other features may import (docs/architecture.md, "Feature faces").

export { isResellerClient, recordDeletedUsers } from './client-accounts.service';
export { findEntraSettings, isEntraUsable } from './client-entra.service';
export { findInvoiceIssuer } from './client-invoice-ref';
export type { InvoiceIssuer } from './client-invoice-ref';
export { findClientName } from './client-name';
export { findRootClientId } from './client-root';
export { assertMayActOnClient } from './client-scope';
export { clientIdsWithSetting, readClientSetting, writeClientSetting } from './client-setting-values';
export { findClientBrand, type ClientBrand } from './client-brand';
