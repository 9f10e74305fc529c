import { z } from 'zod';

/**
 * The staff home's figures (issue 12): what a content master, coordinator or admin sees on `/` instead of the
 * learner's greeting. Each figure is null when the role may not see it (or it was not asked for).
 */
export const HOME_FIGURES = [
  'courses',
  'activeUsers',
  'openTrainings',
  'overdueParticipants',
  'failedMails24h',
] as const;
export type THomeFigure = (typeof HOME_FIGURES)[number];

/** `?figures=courses,activeUsers`: only these (the screen asks for what it shows); none given: all the role may see. */
export const ZHomeFiguresQuery = z.object({
  figures: z
    .string()
    .max(200)
    // A pattern rather than a refine, so that the OpenAPI document names the figures too.
    .regex(new RegExp(`^(${HOME_FIGURES.join('|')})(,(${HOME_FIGURES.join('|')}))*$`), {
      message: `comma-separated, each one of ${HOME_FIGURES.join(', ')}`,
    })
    .optional(),
});
export type THomeFiguresQuery = z.infer<typeof ZHomeFiguresQuery>;

const figure = z.number().int().nullable();
export const ZHomeFigures = z.object({
  /** The client's courses (active and inactive). */
  courses: figure,
  /** Users active today (flag and active-from/to window), within a coordinator's groups for a coordinator. */
  activeUsers: figure,
  /** Trainings whose deadline (its own, else the course's) has not passed. */
  openTrainings: figure,
  /** Assigned participants not completed (and not optional) of trainings whose deadline has passed. */
  overdueParticipants: figure,
  /** Mails that failed for good in the last 24 hours. */
  failedMails24h: figure,
});
export type THomeFigures = z.infer<typeof ZHomeFigures>;
