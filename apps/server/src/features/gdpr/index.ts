// The public face of features/gdpr: what other features may import (docs/architecture.md, "Feature faces").

export { removeDueCertificates, removeExpiredExports } from './gdpr-cleanup';
