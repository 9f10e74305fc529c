import { z } from 'zod';
import { ZId, ZPageQuery, pageOf } from './common';

export const GROUP_SORTS = ['name', 'memberCount', 'createdAt'] as const;

/** Spec section 3 "Group": name, members, courses, coordinators, externally managed flag. */
export const ZGroupPerson = z.object({ id: ZId, name: z.string(), email: z.string().nullable() });
export type TGroupPerson = z.infer<typeof ZGroupPerson>;

export const ZGroupCourse = z.object({ id: ZId, title: z.string() });

export const ZGroup = z.object({
  id: ZId,
  name: z.string(),
  memberCount: z.number().int(),
  coordinators: z.array(ZGroupPerson),
  courses: z.array(ZGroupCourse),
  externallyManaged: z.boolean(),
  createdAt: z.string(),
});
export type TGroup = z.infer<typeof ZGroup>;

/** The drawer also needs the member list; the table does not (a group may hold thousands of users). */
export const ZGroupDetail = ZGroup.extend({ members: z.array(ZGroupPerson) });
export type TGroupDetail = z.infer<typeof ZGroupDetail>;

export const ZGroupListQuery = ZPageQuery.extend({ sort: z.enum(GROUP_SORTS).default('name') });
export type TGroupListQuery = z.infer<typeof ZGroupListQuery>;
export const ZGroupPage = pageOf(ZGroup);
export type TGroupPage = z.infer<typeof ZGroupPage>;

/** Create or update; on update a field left out stays as it is. */
export const ZGroupBody = z.object({
  name: z.string().trim().min(1).max(200),
  memberIds: z.array(ZId).max(100_000).optional(),
  coordinatorIds: z.array(ZId).max(1_000).optional(),
});
export type TGroupBody = z.infer<typeof ZGroupBody>;
export const ZGroupUpdateBody = ZGroupBody.partial();
export type TGroupUpdateBody = z.infer<typeof ZGroupUpdateBody>;
