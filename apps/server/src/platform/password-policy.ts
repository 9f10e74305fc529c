import { checkPasswordRules } from '@lms/contracts/password-rules';
import { isCommonPassword } from './common-passwords';
import { badRequest } from './errors';

/** The password rule of spec section 5 and DECISIONS, on the server: each broken rule answers its own code. */
export function assertPasswordAcceptable(
  password: string,
  ctx: { minLength: number; email: string | null; username: string | null },
): void {
  const broken = checkPasswordRules(password, { minLength: ctx.minLength, identities: [ctx.email, ctx.username] });
  if (broken) badRequest(broken, { rule: broken });
  if (isCommonPassword(password)) badRequest('password_common', { rule: 'password_common' });
}
