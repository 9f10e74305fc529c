// The public face of features/entra-login: what other features may import (docs/architecture.md, "Feature faces").

export { deleteStaleEntraNonces } from './entra-nonce-cleanup';
