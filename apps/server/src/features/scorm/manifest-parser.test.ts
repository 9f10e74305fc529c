import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseManifest } from './manifest-parser';
import { SCORM_FIXTURES } from './test-zip';

const NS12 =
  'xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"';
const NS2004 =
  'xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss"';

/** A small manifest; the parts are replaced to make each case. */
function manifest(parts: {
  ns?: string;
  metadata?: string;
  organizations?: string;
  resources?: string;
  attrs?: string;
}) {
  return `<?xml version="1.0"?>
<manifest identifier="m1" ${parts.ns ?? NS12} ${parts.attrs ?? ''}>
  ${parts.metadata ?? '<metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>'}
  ${
    parts.organizations ??
    `<organizations default="o1"><organization identifier="o1"><title>Course</title>
      <item identifier="i1" identifierref="r1"><title>Lesson</title></item>
    </organization></organizations>`
  }
  <resources>${parts.resources ?? '<resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"/>'}</resources>
</manifest>`;
}

const expectRefusal = (xml: string, code: string, ...mentions: string[]) => {
  let caught: unknown;
  try {
    parseManifest(xml);
  } catch (err) {
    caught = err;
  }
  expect(caught).toMatchObject({ name: 'ScormPackageError', code });
  for (const m of mentions) expect((caught as Error).message).toContain(m);
};

describe('parseManifest refuses unsafe or broken XML', () => {
  it('refuses a DOCTYPE declaring entities (billion laughs) without expanding them', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE manifest [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>
      <manifest identifier="&b;"/>`;
    expectRefusal(xml, 'manifest_entities', '<!ENTITY>');
  });

  it('refuses an external entity', () => {
    expectRefusal(
      '<!DOCTYPE m [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><manifest>&xxe;</manifest>',
      'manifest_entities',
    );
  });

  it('names the line of malformed XML', () => {
    expectRefusal('<manifest>\n<organizations>\n</manifest>', 'manifest_malformed', 'line 3');
  });

  it('refuses a document that is not a manifest', () => {
    expectRefusal('<html><body/></html>', 'manifest_not_manifest');
  });

  it('decodes predefined entities and character references in attributes and text', () => {
    const parsed = parseManifest(
      manifest({
        organizations: `<organizations default="o1"><organization identifier="o1"><title>Q&amp;A &#8211; &#x41;</title>
          <item identifier="i1" identifierref="r1" parameters="?a=1&amp;b=2"><title>x</title></item>
        </organization></organizations>`,
      }),
    );
    expect(parsed.title).toBe('Q&A – A');
    expect(parsed.scos[0]?.href).toBe('index.html?a=1&b=2');
  });
});

describe('parseManifest detects the SCORM version', () => {
  const withVersion = (schemaversion: string, ns = NS2004) =>
    parseManifest(manifest({ ns, metadata: `<metadata><schemaversion>${schemaversion}</schemaversion></metadata>` }))
      .version;

  it.each([
    ['1.2', 'scorm12'],
    ['CAM 1.3', 'scorm2004-2nd'],
    ['2004 3rd Edition', 'scorm2004-3rd'],
    ['2004 4th Edition', 'scorm2004-4th'],
  ])('schemaversion %s is %s', (declared, version) => {
    expect(withVersion(declared)).toBe(version);
  });

  it('falls back to the namespaces without a schemaversion', () => {
    expect(parseManifest(manifest({ metadata: '' })).version).toBe('scorm12');
    expect(parseManifest(manifest({ ns: NS2004, metadata: '' })).version).toBe('scorm2004-3rd');
  });

  it('falls back to the spelling of adlcp:scormType without SCORM namespaces', () => {
    const resource = (attr: string) => `<resource identifier="r1" type="webcontent" ${attr}="sco" href="a.html"/>`;
    const bare = { ns: 'xmlns:adlcp="urn:x"', metadata: '' };
    expect(parseManifest(manifest({ ...bare, resources: resource('adlcp:scormType') })).version).toBe('scorm2004-3rd');
    expect(parseManifest(manifest({ ...bare, resources: resource('adlcp:scormtype') })).version).toBe('scorm12');
  });

  it('refuses a manifest with no clue to its version', () => {
    const resources = '<resource identifier="r1" type="webcontent" href="a.html"/>';
    expectRefusal(manifest({ ns: '', metadata: '', resources }), 'manifest_version_unknown');
  });
});

describe('parseManifest resolves organizations and launch URLs', () => {
  it('applies xml:base of manifest, resources and resource, then the item parameters', () => {
    const xml = manifest({ attrs: 'xml:base="course/"' })
      .replace('<resources>', '<resources xml:base="scos/">')
      .replace('href="index.html"', 'xml:base="one/" href="launch.html?x=1#top"')
      .replace('identifierref="r1"', 'identifierref="r1" parameters="?lang=en"');
    expect(parseManifest(xml).scos[0]?.href).toBe('course/scos/one/launch.html?x=1&lang=en#top');
  });

  it('takes the first organization when organizations names no default', () => {
    const orgs = `<organizations><organization identifier="first"><title>First</title>
      <item identifier="i1" identifierref="r1"><title>x</title></item></organization>
      <organization identifier="second"><title>Second</title></organization></organizations>`;
    const parsed = parseManifest(manifest({ organizations: orgs }));
    expect(parsed.defaultOrganizationId).toBe('first');
    expect(parsed.organizations.map((o) => o.id)).toEqual(['first', 'second']);
  });

  it('refuses a default that names no organization', () => {
    const xml = manifest({}).replace('default="o1"', 'default="nope"');
    expectRefusal(xml, 'manifest_default_org_missing', '"nope"', '"o1"');
  });

  it('refuses a manifest without organizations', () => {
    expectRefusal(manifest({ organizations: '<organizations/>' }), 'manifest_no_organization');
  });

  it('refuses an organization whose items launch nothing', () => {
    const orgs = `<organizations default="o1"><organization identifier="o1"><title>Course</title>
      <item identifier="folder"><title>Folder</title></item></organization></organizations>`;
    expectRefusal(manifest({ organizations: orgs }), 'manifest_no_launchable', '"o1"');
  });

  it('refuses an item without an identifier', () => {
    expectRefusal(manifest({}).replace('identifier="i1" ', ''), 'manifest_item_identifier_missing', 'Lesson');
  });

  it('refuses a launch file missing from the package when it can check files', () => {
    const xml = manifest({});
    expect(() => parseManifest(xml, { fileExists: () => false })).toThrow(/"i1" launches "index.html"/);
    expect(parseManifest(xml, { fileExists: (p) => p === 'index.html' }).scos).toHaveLength(1);
  });

  it('reads SCORM 2004 sequencing values for the runtime', () => {
    const orgs = `<organizations default="o1"><organization identifier="o1"><title>Course</title>
      <item identifier="i1" identifierref="r1"><title>Quiz</title>
        <adlcp:completionThreshold>0.8</adlcp:completionThreshold>
        <imsss:sequencing>
          <imsss:limitConditions attemptAbsoluteDurationLimit="PT1H30M"/>
          <imsss:objectives><imsss:primaryObjective objectiveID="p" satisfiedByMeasure="true">
            <imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure>
          </imsss:primaryObjective></imsss:objectives>
        </imsss:sequencing>
      </item></organization></organizations>`;
    const resources = '<resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="quiz.html"/>';
    const [sco] = parseManifest(manifest({ ns: NS2004, metadata: '', organizations: orgs, resources })).scos;
    expect(sco).toMatchObject({ completionThreshold: 0.8, maxTimeAllowed: 'PT1H30M', scaledPassingScore: 0.6 });
  });
});

describe('the 189 ADL SCORM 2004 4th Edition test-suite manifests', () => {
  const root = path.join(SCORM_FIXTURES, 'adl-cts-2004-4ed-manifests');
  const packages = readdirSync(root).filter((name) => statSync(path.join(root, name)).isDirectory());
  const read = (name: string) => readFileSync(path.join(root, name, 'imsmanifest.xml'), 'utf8');

  it('are all there', () => {
    expect(packages).toHaveLength(189);
  });

  it.each(packages)('%s parses as SCORM 2004 4th Edition', (name) => {
    const parsed = parseManifest(read(name));
    expect(parsed.version).toBe('scorm2004-4th');
    expect(parsed.scos.length + parsed.assets.length).toBeGreaterThan(0);
  });

  it('applies the resource xml:base and decodes &amp; in item parameters (API package)', () => {
    const parsed = parseManifest(read('LMSTestPackage_API'));
    expect(parsed.assets.map((a) => a.href)).toEqual(['resources/AssetLaunchTest.htm?tc=API&act=1']);
    expect(parsed.scos.map((s) => s.href)).toEqual([
      'resources/APIRTETest1.htm?tc=API&act=2',
      'resources/APIRTETest2.htm?tc=API&act=3',
    ]);
  });

  it('ignores the whitespace the suite pads identifiers with (CM-07e, OB-02a, OB-02b)', () => {
    expect(parseManifest(read('LMSTestPackage_CM-07e')).defaultOrganizationId).toBe('CASETEST');
    expect(parseManifest(read('LMSTestPackage_OB-02a')).defaultOrganizationId).toBe('OB-02a');
    expect(parseManifest(read('LMSTestPackage_OB-02b')).scos[0]?.identifier).toBe('SEQ01');
  });
});
