/**
 * What other features (auth, account, user-import) may ask of the users feature about accounts: they import these,
 * never user.repository.ts (ARCHITECTURE section 3), so the table stays this feature's business. updateUserFields
 * keeps the search keys in step; insertUsers writes them.
 */
export type { UserRow } from './user.repository';
export {
  countFailedLogin,
  findUserById,
  findUserByLogin,
  insertUsers,
  listCompanies,
  normaliseLogin,
  updateUserFields,
} from './user.repository';
export { countUsersByClient } from './user-figures';
