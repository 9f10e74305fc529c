// A course's cover URL from its stored key (issue 32 point 3), for every feature that shows courses: the course
// list, the learner's trainings and the premium catalogue. The key ends in `cover-<id>.webp`, a fresh id per upload,
// and that id is the URL's last segment: a new cover is a new URL, so an old one may be kept by browsers for long.

const COVER_FILE = /\/cover-([0-9a-f-]{36})\.webp$/;

/** The id of a stored cover's key, or undefined when the key is none of ours. */
export const coverVersionOf = (coverKey: string | null): string | undefined =>
  coverKey ? COVER_FILE.exec(coverKey)?.[1] : undefined;

/** `/api/courses/{id}/cover/{version}`, or null when the course has no cover (the web app draws its pattern). */
export function courseCoverUrl(courseId: string, coverKey: string | null): string | null {
  const version = coverVersionOf(coverKey);
  return version ? `/api/courses/${courseId}/cover/${version}` : null;
}
