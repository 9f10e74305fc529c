// The public face of features/documents: what other features may import (docs/architecture.md, "Feature faces").

export { attachment } from './documents.routes';
