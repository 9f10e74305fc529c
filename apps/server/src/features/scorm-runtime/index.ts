// The public face of features/scorm-runtime: what other features may import (docs/architecture.md, "Feature faces").

export { verifyLaunchToken } from './launch-token';
export { launchTrainingModule } from './launch.service';
export { PREVIEW_ATTEMPT_KEEP_DAYS, deleteStalePreviewAttempts } from './preview-cleanup';
export { archiveTrainingAttempts, attemptTimesOf, deleteTrainingAttempts } from './progress.service';
export { commitItem } from './runtime-commit';
export { checkToken, getItemData, getRuntimeState, openRuntime } from './runtime.service';
export { laterStatus } from './status-rollup';
