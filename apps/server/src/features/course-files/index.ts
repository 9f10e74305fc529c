// The public face of features/course-files: what other features may import (docs/architecture.md, "Feature faces").

export { listCourseFiles, listFilesOfCourses } from './course-file-list';
export { findCourseFileForDownload } from './course-file.service';
