// The public face of features/audit (docs/architecture.md, "Feature faces"): nothing yet; the trail is written
// through platform/audit by every feature, and read only through this feature's routes.
export {};
