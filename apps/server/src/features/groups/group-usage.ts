import { port } from '../../platform/events';

/**
 * What else holds on to a group besides its members: trainings assign courses to groups. The first keeps a group
 * with trainings from being deleted (spec section 5), the second lists a group's courses (spec section 3). Trainings
 * sit in a higher layer, so they answer through ports (platform/events.ts, provided in features/wiring.ts).
 */
export const countGroupTrainings = port('trainings.count-of-group');

export const coursesOfGroups = port('trainings.courses-of-groups');
