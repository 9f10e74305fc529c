// The public face of features/users: what other features may import (docs/architecture.md, "Feature faces").

export {
  countFailedLogin,
  countUsersByClient,
  findUserById,
  findUserByLogin,
  insertUsers,
  normaliseLogin,
  updateUserFields,
} from './user-accounts.service';
export type { UserRow } from './user-accounts.service';
export { directoryNames, findDirectoryPerson, searchDirectory } from './user-directory';
export {
  deleteDirectoryUser,
  findDirectoryUser,
  findDirectoryUsersByIds,
  findLoginClash,
  findScimUserByEmail,
  insertUsersReturning,
  listDirectoryUsers,
  loginClashAmong,
  loginValues,
  saveDirectoryUser,
  usersByLogin,
} from './user-directory.service';
export { GROUP_SEPARATOR } from './user-export';
export { findSelectedUsers, findUserClientId, findUserInScope, userIdsInScope } from './user-find';
export { countActiveUsers } from './user-home-figures';
export { presentOneUser } from './user-present';
export { assertNotExternal, assertNotHigherRank, assertRoleChange } from './user-rules';
export { isGroupScoped, resolveUserScope, userInScope } from './user-scope';
export type { UserScope } from './user-scope';
export { foldText, repairUserSearchKeys, searchWords } from './user-search-keys';
export { fullName, isUserActiveOn, presentCurrentUser } from './user.presenter';
