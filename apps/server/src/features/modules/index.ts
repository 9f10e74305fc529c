// The public face of features/modules: what other features may import (docs/architecture.md, "Feature faces").

export { PDF_FILE_NAME } from './module-manifest';
export type { PlayerLaunchable } from './module-manifest';
export { installModulePackage, moduleStorageKey } from './module-package';
export type { InstalledPackage } from './module-package';
export { findRuntimeModule, listCourseModules, listModulesOfCourses, setRequiredModules } from './module.service';
export type { RuntimeModule } from './module.service';
