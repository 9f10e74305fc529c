// The public face of features/courses: what other features may import (docs/architecture.md, "Feature faces").

export { loadCoursesById } from './course-batch.service';
export { countCourses } from './course-figures';
export { activePremiumCourses } from './course-premium-ref';
export {
  assertCourseExists,
  assertCourseNotInUse,
  courseTitlesOf,
  coursesUsingCertificateTemplates,
  foldForSearch,
} from './course-ref';
export { coursesWithRemindersOn } from './course-reminder-ref';
export { loadCourse } from './course.service';
export { courseCoverUrl } from './course-cover-url';
export { storeCourseCover } from './course-cover.service';
