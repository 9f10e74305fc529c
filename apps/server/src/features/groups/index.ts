// The public face of features/groups: what other features may import (docs/architecture.md, "Feature faces").

export {
  changeDirectoryGroupMembers,
  createDirectoryGroup,
  deleteDirectoryGroup,
  directoryGroupRefsOfUser,
  findDirectoryGroup,
  listDirectoryGroups,
  memberIdsOfDirectoryGroup,
  updateDirectoryGroup,
} from './group-directory.service';
export type { GroupRow } from './group-directory.service';
export { coordinatedGroups, coordinatorsPage } from './group-coordinators';
export type { CoordinatorRef } from './group-coordinators';
export {
  addUsersToGroup,
  afterMembershipChange,
  applyGroupChange,
  checkNewUserGroups,
  groupIdsOfMember,
  groupsOfClient,
  membersAmong,
  membershipsOfUsers,
  planGroupChange,
  removeUsersFromGroup,
  usableGroup,
} from './group-membership';
export { findTrainingGroups, memberIdsOfGroups } from './group-training-refs';
export { countGroupTrainings, coursesOfGroups } from './group-usage';
export {
  addLinks,
  countMembers,
  findGroupById,
  findGroupByName,
  findGroupsByIds,
  listGroupNames,
  lockGroupForChange,
  normaliseGroupName,
  removeLinks,
  userIdsOfGroup,
} from './group.repository';
export type { GroupLink } from './group.repository';
