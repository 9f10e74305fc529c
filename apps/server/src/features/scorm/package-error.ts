// Why a SCORM upload was refused. The upload service maps any of these to the API error `scorm_invalid` and passes
// `code` and the English `message` along as details, so an author learns which entry or element to fix.

export const SCORM_PACKAGE_ERROR_CODES = [
  // the zip container
  'upload_too_large',
  'zip_invalid',
  'zip_invalid_name',
  'zip_path_traversal',
  'zip_absolute_path',
  'zip_symlink',
  'zip_encrypted',
  'zip_unsupported_compression',
  'zip_duplicate_entry',
  'zip_too_many_entries',
  'zip_too_large',
  'zip_ratio',
  'manifest_missing',
  // imsmanifest.xml
  'manifest_too_large',
  'manifest_encoding',
  'manifest_malformed',
  'manifest_entities',
  'manifest_not_manifest',
  'manifest_version_unknown',
  'manifest_no_organization',
  'manifest_default_org_missing',
  'manifest_org_identifier_missing',
  'manifest_item_identifier_missing',
  'manifest_title_missing',
  'manifest_dangling_reference',
  'manifest_launch_url_missing',
  'manifest_launch_unsafe',
  'manifest_no_launchable',
  'manifest_launch_missing',
] as const;

export type ScormPackageErrorCode = (typeof SCORM_PACKAGE_ERROR_CODES)[number];

export class ScormPackageError extends Error {
  override readonly name = 'ScormPackageError';

  constructor(
    readonly code: ScormPackageErrorCode,
    message: string,
    /** The zip entry or manifest identifier at fault, when there is one. */
    readonly subject?: string,
  ) {
    super(message);
  }
}

export const isScormPackageError = (err: unknown): err is ScormPackageError => err instanceof ScormPackageError;
