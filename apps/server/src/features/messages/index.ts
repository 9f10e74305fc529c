// The public face of features/messages: what other features may import (docs/architecture.md, "Feature faces").

export { notifyUsers } from './notify';
