// The public face of features/digest (issue 31 point 4: the coordinators' weekly digest). Nothing is imported by
// other features; job-handlers.ts takes the job directly.
export {};
