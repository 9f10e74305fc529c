import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseManifest } from './manifest-parser';
import type { ParsedManifest } from './manifest-types';
import type { ScormPackageErrorCode } from './package-error';
import { SCORM_FIXTURES } from './test-zip';

// The elearning-module-parser fixtures: each is accepted or refused as its name says. Four "valid" fixtures ship
// only imsmanifest.xml, no content, so they are parsed without the file check (they are about the manifest);
// the fixtures that ship their content are parsed with it, as an upload would be.

const root = path.join(SCORM_FIXTURES, 'edge-cases-elmp');
const fileExistsIn = (dir: string) => (rel: string) => {
  try {
    return statSync(path.join(root, dir, rel)).isFile();
  } catch {
    return false;
  }
};
const parse = (dir: string, checkFiles: boolean): ParsedManifest =>
  parseManifest(readFileSync(path.join(root, dir, 'imsmanifest.xml'), 'utf8'), {
    fileExists: checkFiles ? fileExistsIn(dir) : undefined,
  });

const refusals: Array<[string, ScormPackageErrorCode, string[]]> = [
  // The XML is sound; the fault is that none of the files it names is in the package.
  ['InvalidFileReferences_SCORM12', 'manifest_launch_missing', ['"item_1"', 'content/nonexistent.html']],
  ['InvalidMissingOrgIdentifier_SCORM20043rdEdition', 'manifest_org_identifier_missing', ['"org1"', 'no identifier']],
  // Not prefixed Invalid, but its item_1 points at a resource that does not exist. The fixture's comments expect a
  // lenient parser to skip item_1 and launch item_2; an LMS must not silently drop part of a course, so it is refused.
  ['ItemWithNonExistentResourceId_SCORM12', 'manifest_dangling_reference', ['"item_1"', '"non_existent_resource"']],
  ['MalformedXml_SCORM12', 'manifest_malformed', ["closing tag 'item'", 'line 27']],
  ['MissingLaunchUrl_SCORM12', 'manifest_launch_url_missing', ['"item_1"', '"resource_1"', 'no href']],
  // The organization has no <title>, which the SCORM CAM requires.
  ['MissingRequiredFields_SCORM12', 'manifest_title_missing', ['Organization "default_org"', '<title>']],
];

describe('edge-case packages that must be refused', () => {
  it.each(refusals)('%s is refused with %s', (dir, code, mentions) => {
    let caught: unknown;
    try {
      parse(dir, true);
    } catch (err) {
      caught = err;
    }
    expect(caught).toMatchObject({ name: 'ScormPackageError', code });
    for (const m of mentions) expect((caught as Error).message).toContain(m);
  });

  it('InvalidFileReferences is refused only for its missing files: its manifest alone parses', () => {
    expect(parse('InvalidFileReferences_SCORM12', false).scos.map((s) => s.href)).toEqual(['content/nonexistent.html']);
  });
});

describe('edge-case packages that must be accepted', () => {
  it('MinimalValid: SCORM 2004 3rd; a resource without adlcp:scormType launches as an asset', () => {
    const parsed = parse('MinimalValid_SCORM20043rdEdition', false);
    expect(parsed).toMatchObject({ version: 'scorm2004-3rd', title: 'Minimal Course', defaultOrganizationId: 'org1' });
    expect(parsed.scos).toEqual([]);
    expect(parsed.assets).toEqual([
      { identifier: 'res1', itemIdentifier: 'item1', title: 'Launch', href: 'index.html', scormType: 'asset' },
    ]);
  });

  it('the manifest-only fixtures would be refused if uploaded without their launch file', () => {
    expect(() => parse('MinimalValid_SCORM20043rdEdition', true)).toThrow(/"index.html"/);
  });

  it('AdlAttributes: reads launch data, time limit action and the 4th-Edition-style completion threshold', () => {
    const [asset] = parse('AdlAttributes_SCORM20043rdEdition', false).assets;
    expect(asset).toMatchObject({
      href: 'index.html',
      dataFromLms: 'Launch Data',
      timeLimitAction: 'exit,message',
      completionThreshold: 0.75,
    });
  });

  it('ComplexNestedOrganization: 11 SCOs in the default organization, nested four levels', () => {
    const parsed = parse('ComplexNestedOrganization_SCORM12', false);
    expect(parsed.organizations.map((o) => o.id)).toEqual(['default_org', 'alternate_org']);
    expect(parsed.scos.map((s) => s.itemIdentifier)).toEqual([
      'module_1',
      'chapter_1_1',
      'section_1_1_1',
      'topic_1_1_1_1',
      'topic_1_1_1_2',
      'section_1_1_2',
      'chapter_1_2',
      'module_2',
      'chapter_2_1',
      'section_2_1_1',
      'module_3',
    ]);
    const topic = parsed.organizations[0]?.items[0]?.children[0]?.children[0]?.children[1];
    expect(topic).toEqual({
      identifier: 'topic_1_1_1_2',
      title: 'Topic 1.1.1.2',
      identifierref: 'resource_topic_1_1_1_2',
      isVisible: true,
      launchable: true,
      children: [],
    });
  });

  it('NoSchemaVersion: named 2nd Edition, but without <schemaversion> the 2004 editions share namespaces, so 3rd', () => {
    const parsed = parse('ContentPackagingNoSchemaVersion_SCORM20042ndEdition', false);
    expect(parsed.version).toBe('scorm2004-3rd');
    expect(parsed.scos.map((s) => s.href)).toEqual(['index.html']);
  });

  it('ContentPackagingWithMetadata: SCORM 1.2, one SCO with launch data', () => {
    const parsed = parse('ContentPackagingWithMetadata_SCORM12', true);
    expect(parsed.version).toBe('scorm12');
    expect(parsed.scos).toEqual([
      {
        identifier: 'r1',
        itemIdentifier: 'i1',
        title: 'SCORM 1.2 With Metadata',
        href: 'index.html',
        dataFromLms: 'RANDOM',
        scormType: 'sco',
      },
    ]);
  });

  it('LaunchUrlFromNestedItem: the first launch is the deepest item of the first branch', () => {
    const parsed = parse('LaunchUrlFromNestedItem_SCORM12', true);
    expect(parsed.scos.map((s) => [s.itemIdentifier, s.href])).toEqual([
      ['topic_1_1_1_1', 'content/topic1.html'],
      ['section_2_1_1', 'content/section2.html'],
    ]);
    expect(parsed.organizations[0]?.items[0]).toMatchObject({ identifier: 'module_1', launchable: false });
  });

  it('MultipleItemsWithIdentifierRef: three SCOs in document order', () => {
    const parsed = parse('MultipleItemsWithIdentifierRef_SCORM12', true);
    expect(parsed.scos.map((s) => s.href)).toEqual(['content/item1.html', 'content/item2.html', 'content/item3.html']);
  });

  it('PrerequisitesTest: reads mastery score, time limits and launch data per item', () => {
    const parsed = parse('PrerequisitesTest_SCORM12', true);
    expect(
      parsed.scos.map(({ identifier: _r, itemIdentifier: _i, title: _t, scormType: _s, ...rest }) => rest),
    ).toEqual([
      { href: 'module1.html', masteryScore: 80, maxTimeAllowed: '02:30:00' },
      { href: 'module2.html', dataFromLms: 'custom_data_for_module2' },
      { href: 'module3.html', timeLimitAction: 'exit,message' },
      { href: 'module4.html', masteryScore: 90 },
    ]);
  });

  it('covers every fixture in the folder', () => {
    const accepted = [
      'AdlAttributes_SCORM20043rdEdition',
      'ComplexNestedOrganization_SCORM12',
      'ContentPackagingNoSchemaVersion_SCORM20042ndEdition',
      'ContentPackagingWithMetadata_SCORM12',
      'LaunchUrlFromNestedItem_SCORM12',
      'MinimalValid_SCORM20043rdEdition',
      'MultipleItemsWithIdentifierRef_SCORM12',
      'PrerequisitesTest_SCORM12',
    ];
    expect([...accepted, ...refusals.map(([dir]) => dir)].sort()).toEqual(readdirSync(root).sort());
  });
});
