// The public face of features/reminders: what other features may import (docs/architecture.md, "Feature faces").

export { remindParticipants } from './reminder.service';
