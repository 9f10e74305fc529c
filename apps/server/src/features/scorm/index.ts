// The public face of features/scorm: what other features may import (docs/architecture.md, "Feature faces").

export type { ItemNode, LaunchableResource, ParsedManifest } from './manifest-types';
export { isScormPackageError } from './package-error';
export { extractScormZip } from './package-extract';
export { inspectExtractedPackage } from './package-inspect';
export { SCORM_MAX_UPLOAD_BYTES } from './scorm-limits';
