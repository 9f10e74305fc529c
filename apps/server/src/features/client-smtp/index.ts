// The public face of features/client-smtp: what other features may import (docs/architecture.md, "Feature faces").

export { findClientSmtpTarget } from './client-smtp.service';
