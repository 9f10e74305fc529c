// The public face of features/recertification (issue 30 point 1: the daily renewal windows and expiries). Nothing
// is imported by other features; job-handlers.ts takes the job directly.
export {};
