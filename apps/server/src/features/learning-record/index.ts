// The public face of features/learning-record (docs/architecture.md, "Feature faces"): its routes are registered by
// app.ts directly; other features need nothing of it yet. The reports area may use getLearningRecord.

export { getLearningRecord } from './learning-record.service';
