// The public face of features/auth: what other features may import (docs/architecture.md, "Feature faces").

export { loginResult } from './auth.service';
export { LoginThrottle } from './login-throttle';
