// Upload caps for SCORM packages (ARCHITECTURE section 6). A package is untrusted input: these bound the disk,
// memory and time one upload can cost, including zip bombs that look small on the wire.

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

/** Largest zip file accepted; the multipart upload limit should use the same value. */
export const SCORM_MAX_UPLOAD_BYTES = 512 * MIB;

/** Most entries (files and folders) in one zip; real courses have hundreds to a few thousand. */
export const SCORM_MAX_ENTRY_COUNT = 10_000;

/** Most bytes all entries may inflate to, declared and actually written. */
export const SCORM_MAX_UNCOMPRESSED_BYTES = 2 * GIB;

/** Highest uncompressed/compressed ratio allowed for one entry once it is big enough to matter. */
export const SCORM_MAX_COMPRESSION_RATIO = 100;

/** Entries up to this size are exempt from the ratio cap: small text files legitimately compress very well. */
export const SCORM_RATIO_MIN_ENTRY_BYTES = MIB;

/** Largest imsmanifest.xml read into memory; real manifests are kilobytes, the ADL test suite's largest is 32 KB. */
export const SCORM_MAX_MANIFEST_BYTES = 32 * MIB;

export type ScormZipLimits = {
  maxUploadBytes: number;
  maxEntryCount: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
  ratioMinEntryBytes: number;
};

export const SCORM_ZIP_LIMITS: ScormZipLimits = {
  maxUploadBytes: SCORM_MAX_UPLOAD_BYTES,
  maxEntryCount: SCORM_MAX_ENTRY_COUNT,
  maxUncompressedBytes: SCORM_MAX_UNCOMPRESSED_BYTES,
  maxCompressionRatio: SCORM_MAX_COMPRESSION_RATIO,
  ratioMinEntryBytes: SCORM_RATIO_MIN_ENTRY_BYTES,
};
