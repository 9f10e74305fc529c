// The public face of features/client-tokens: what other features may import (docs/architecture.md, "Feature faces").

export { clientTokenVerifier } from './client-token-auth';
