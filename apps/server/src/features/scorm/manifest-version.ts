import type { ScormVersion } from './manifest-types';
import { ScormPackageError } from './package-error';
import { child, declaredNamespaces, textOf, type XmlNode } from './manifest-xml';

// Which SCORM edition a manifest is written for. The metadata's <schemaversion> says it outright (SCORM CAM,
// manifest metadata; "CAM 1.3" is how 2nd Edition spelled it). Without it, the namespaces tell 1.2 from 2004 but not one
// 2004 edition from another (2nd and 3rd share adlcp_v1p3), so 2004 defaults to the 3rd Edition.

const SCHEMA_VERSIONS: ReadonlyArray<[RegExp, ScormVersion]> = [
  [/^1\.2$/, 'scorm12'],
  [/^(cam )?1\.3$|2004 2nd/i, 'scorm2004-2nd'],
  [/2004 3rd/i, 'scorm2004-3rd'],
  [/2004 4th/i, 'scorm2004-4th'],
];

export function detectScormVersion(manifest: XmlNode, xml: string): ScormVersion {
  const declared = textOf(child(child(manifest, 'metadata'), 'schemaversion'));
  if (declared !== undefined) {
    const match = SCHEMA_VERSIONS.find(([pattern]) => pattern.test(declared));
    if (match) return match[1];
  }
  const namespaces = declaredNamespaces(xml);
  const declares = (fragment: string): boolean => namespaces.some((ns) => ns.toLowerCase().includes(fragment));
  if (declares('adlcp_rootv1p2') || declares('imscp_rootv1p1p2')) return 'scorm12';
  if (['adlcp_v1p3', 'imsss', 'adlseq_v1p3', 'adlnav_v1p3', 'imscp_v1p1'].some(declares)) return 'scorm2004-3rd';
  // Last resort: the attribute's spelling. 1.2 wrote adlcp:scormtype, 2004 adlcp:scormType.
  if (/\bscormType\s*=/.test(xml)) return 'scorm2004-3rd';
  if (/\bscormtype\s*=/.test(xml)) return 'scorm12';
  throw new ScormPackageError(
    'manifest_version_unknown',
    declared
      ? `imsmanifest.xml declares schemaversion "${declared}", which is no SCORM version, and uses no SCORM namespace.`
      : 'imsmanifest.xml has no schemaversion and uses no SCORM namespace.',
    'imsmanifest.xml',
  );
}
