import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScormVersion } from './manifest-types';
import { inspectExtractedPackage } from './package-inspect';
import { extractScormZip } from './package-extract';
import { SCORM_FIXTURES, zipFolder } from './test-zip';

// Each Golf example is zipped at test time, extracted and inspected: the whole upload path on real packages.
// The expected values were read from each imsmanifest.xml by hand.

const GOLF_TOPICS = (example: string, quiz: (topic: string) => string) => [
  'Playing/Playing.html',
  'Playing/Par.html',
  'Playing/Scoring.html',
  'Playing/OtherScoring.html',
  'Playing/RulesOfGolf.html',
  quiz('Playing'),
  'Etiquette/Course.html',
  'Etiquette/Distracting.html',
  'Etiquette/Play.html',
  quiz('Etiquette'),
  'Handicapping/Overview.html',
  'Handicapping/CalculatingHandicap.html',
  'Handicapping/CalculatingScore.html',
  example,
  quiz('Handicapping'),
  'HavingFun/HowToHaveFun.html',
  'HavingFun/MakeFriends.html',
  quiz('HavingFun'),
];
const PER_FILE = GOLF_TOPICS('Handicapping/Example.html', (t) => `shared/assessmenttemplate.html?questions=${t}`);
const SINGLE = ['shared/launchpage.html'];
const launch = (...contents: string[]) => contents.map((c) => `shared/launchpage.html?content=${c}`);
const TOPICS = ['playing', 'etiquette', 'handicapping', 'havingfun'];

type Expected = { version: ScormVersion; scos: string[]; assets: string[] };
const GOLF: Record<string, Expected> = {
  ContentPackagingMetadata_SCORM20043rdEdition: { version: 'scorm2004-3rd', scos: SINGLE, assets: [] },
  // Named "one file per SCO", but every resource in both manifests is adlcp:scormtype="asset": 18 assets, no SCO.
  ContentPackagingOneFilePerSCO_SCORM12: { version: 'scorm12', scos: [], assets: PER_FILE },
  ContentPackagingOneFilePerSCO_SCORM20043rdEdition: { version: 'scorm2004-3rd', scos: [], assets: PER_FILE },
  ContentPackagingSingleSCO_SCORM12: { version: 'scorm12', scos: SINGLE, assets: [] },
  ContentPackagingSingleSCO_SCORM20042ndEdition: { version: 'scorm2004-2nd', scos: SINGLE, assets: [] },
  ContentPackagingSingleSCO_SCORM20043rdEdition: { version: 'scorm2004-3rd', scos: SINGLE, assets: [] },
  RunTimeAdvancedCalls_SCORM20043rdEdition: { version: 'scorm2004-3rd', scos: SINGLE, assets: [] },
  RuntimeBasicCalls_SCORM12: { version: 'scorm12', scos: SINGLE, assets: [] },
  RuntimeBasicCalls_SCORM20043rdEdition: { version: 'scorm2004-3rd', scos: SINGLE, assets: [] },
  // This manifest really points handicapping_example_resource at CalculatingScore.html.
  RuntimeMinimumCalls_SCORM12: {
    version: 'scorm12',
    scos: GOLF_TOPICS('Handicapping/CalculatingScore.html', (t) => `shared/assessmenttemplate.html?questions=${t}`),
    assets: [],
  },
  RuntimeMinimumCalls_SCORM20043rdEdition: { version: 'scorm2004-3rd', scos: PER_FILE, assets: [] },
  SequencingForcedSequential_SCORM20043rdEdition: {
    version: 'scorm2004-3rd',
    scos: launch(...TOPICS, 'assessment'),
    assets: [],
  },
  SequencingPostTestRollup4thEd_SCORM20044thEdition: {
    version: 'scorm2004-4th',
    scos: launch(...TOPICS, 'assessment'),
    assets: [],
  },
  SequencingPostTestRollup_SCORM20043rdEdition: {
    version: 'scorm2004-3rd',
    scos: launch(...TOPICS, 'assessment'),
    assets: [],
  },
  SequencingPreOrPostTestRollup_SCORM20043rdEdition: {
    version: 'scorm2004-3rd',
    scos: launch('assessment', ...TOPICS, 'assessment'),
    assets: [],
  },
  // The four tests share one resource without a query; the item parameters add it.
  SequencingRandomTest_SCORM20043rdEdition: {
    version: 'scorm2004-3rd',
    scos: launch(...TOPICS, 'assessment1', 'assessment2', 'assessment3', 'assessment4'),
    assets: [],
  },
  SequencingSimpleRemediation_SCORM20043rdEdition: {
    version: 'scorm2004-3rd',
    scos: launch(...TOPICS, 'assessment1', 'assessment2', 'assessment3', 'assessment4'),
    assets: [],
  },
};

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'scorm-inspect-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('every Golf example uploads: zip, extract, inspect', () => {
  it('the table covers every folder in golf/', () => {
    expect(Object.keys(GOLF).sort()).toEqual(readdirSync(path.join(SCORM_FIXTURES, 'golf')).sort());
  });

  it.each(Object.entries(GOLF))('%s', async (name, expected) => {
    const zipPath = path.join(scratch, `${name}.zip`);
    await zipFolder(path.join(SCORM_FIXTURES, 'golf', name), zipPath);
    const dest = path.join(scratch, name);
    const extracted = await extractScormZip(zipPath, dest);
    expect(extracted.rootPrefix).toBe('');
    const parsed = await inspectExtractedPackage(dest);
    expect(parsed.version).toBe(expected.version);
    expect(parsed.defaultOrganizationId).toBe('golf_sample_default_org');
    expect(parsed.scos.map((s) => s.href)).toEqual(expected.scos);
    expect(parsed.assets.map((a) => a.href)).toEqual(expected.assets);
  });

  it('marks the hidden random-test items invisible', async () => {
    const parsed = await inspectExtractedPackage(path.join(scratch, 'SequencingRandomTest_SCORM20043rdEdition'));
    const tests = parsed.organizations[0]?.items.find((i) => i.identifier === 'posttest_item')?.children ?? [];
    expect(tests.map((t) => [t.identifier, t.isVisible, t.launchable])).toEqual([
      ['test_1', false, true],
      ['test_2', false, true],
      ['test_3', false, true],
      ['test_4', false, true],
    ]);
  });
});

describe('the golf-zips uploads extract and inspect', () => {
  it.each([
    ['ContentPackagingMetadata_SCORM20043rdEdition.zip', 'scorm2004-3rd', 1, 0, 71],
    ['ContentPackagingOneFilePerSCO_SCORM12.zip', 'scorm12', 0, 18, 44],
  ] as const)('%s', async (zip, version, scoCount, assetCount, fileCount) => {
    const dest = path.join(scratch, `zips-${zip}`);
    const extracted = await extractScormZip(path.join(SCORM_FIXTURES, 'golf-zips', zip), dest);
    // The zips hold 80 and 49 entries, of which these are files rather than folders.
    expect(extracted.fileCount).toBe(fileCount);
    expect(extracted.rootPrefix).toBe('');
    const parsed = await inspectExtractedPackage(dest);
    expect(parsed).toMatchObject({ version });
    expect(parsed.scos).toHaveLength(scoCount);
    expect(parsed.assets).toHaveLength(assetCount);
  });
});

describe('inspectExtractedPackage checks launch files against the extracted folder only', () => {
  const manifestFor = (href: string) => `<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><organizations default="o"><organization identifier="o">
    <title>T</title><item identifier="i" identifierref="r"><title>T</title></item></organization></organizations>
    <resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="${href}"/></resources></manifest>`;

  const makePackage = (name: string, href: string, files: Record<string, string>): string => {
    const dir = path.join(scratch, name, 'pkg');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'imsmanifest.xml'), manifestFor(href));
    for (const [file, body] of Object.entries(files)) writeFileSync(path.join(dir, file), body);
    return dir;
  };

  it('matches file names case-sensitively', async () => {
    const dir = makePackage('case', 'index.html', { 'Index.html': 'x' });
    await expect(inspectExtractedPackage(dir)).rejects.toMatchObject({ code: 'manifest_launch_missing' });
  });

  it('does not find a file beside the package through ../', async () => {
    const dir = makePackage('escape', '../secret.html', {});
    writeFileSync(path.join(scratch, 'escape', 'secret.html'), 'secret');
    await expect(inspectExtractedPackage(dir)).rejects.toMatchObject({ code: 'manifest_launch_missing' });
  });

  it('does not count a symlink as a launch file', async () => {
    const dir = makePackage('link', 'index.html', {});
    symlinkSync('/etc/hostname', path.join(dir, 'index.html'));
    await expect(inspectExtractedPackage(dir)).rejects.toMatchObject({ code: 'manifest_launch_missing' });
  });

  it('refuses a folder without imsmanifest.xml', async () => {
    const dir = path.join(scratch, 'empty');
    mkdirSync(dir);
    await expect(inspectExtractedPackage(dir)).rejects.toMatchObject({ code: 'manifest_missing' });
  });

  it('reads a UTF-16 manifest', async () => {
    const dir = makePackage('utf16', 'index.html', { 'index.html': 'x' });
    const xml = manifestFor('index.html');
    writeFileSync(
      path.join(dir, 'imsmanifest.xml'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]),
    );
    expect((await inspectExtractedPackage(dir)).scos.map((s) => s.href)).toEqual(['index.html']);
  });

  // Issue 28: the manifest was read as UTF-8 whatever it declared, so an ISO-8859-1 title lost every umlaut.
  const withTitle = (name: string, bytes: Buffer) => {
    const dir = makePackage(name, 'index.html', { 'index.html': 'x' });
    writeFileSync(path.join(dir, 'imsmanifest.xml'), bytes);
    return dir;
  };
  const titled = (declaration: string) => manifestFor('index.html').replace('<title>T</title>', `${declaration}`);

  it('reads a manifest in the encoding it declares: ISO-8859-1 or windows-1252, else UTF-8', async () => {
    const latin = `<?xml version="1.0" encoding="ISO-8859-1"?>${titled('<title>Übung „Größe“</title>')}`;
    // „ and “ as the Windows-1252 bytes Word writes for them; the rest is ISO-8859-1.
    const bytes = Buffer.from(latin.replace('„', '\x84').replace('“', '\x93'), 'latin1');
    expect((await inspectExtractedPackage(withTitle('latin1', bytes))).title).toBe('Übung „Größe“');
    const utf8 = `\uFEFF<?xml version="1.0"?>${titled('<title>Übung</title>')}`;
    expect((await inspectExtractedPackage(withTitle('utf8', Buffer.from(utf8)))).title).toBe('Übung');
  });

  it('refuses a manifest whose bytes are not in its encoding, or that declares one it cannot read', async () => {
    const undeclared = Buffer.from(`<?xml version="1.0"?>${titled('<title>Übung</title>')}`, 'latin1');
    await expect(inspectExtractedPackage(withTitle('bad-utf8', undeclared))).rejects.toMatchObject({
      code: 'manifest_encoding',
    });
    const sjis = Buffer.from(`<?xml version="1.0" encoding="Shift_JIS"?>${titled('<title>T</title>')}`);
    await expect(inspectExtractedPackage(withTitle('sjis', sjis))).rejects.toMatchObject({ code: 'manifest_encoding' });
  });
});
