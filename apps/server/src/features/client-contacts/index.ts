// The public face of features/client-contacts: what other features may import (docs/architecture.md, "Feature faces").

export { contactOfOwnClient, contactsOfOwnClient } from './client-contact.service';
