import { readItemData } from './manifest-item-data';
import { appendItemParameters, resolveHref } from './manifest-launch';
import type {
  ItemNode,
  LaunchableResource,
  ParsedManifest,
  ScormAsset,
  ScormOrganization,
  ScormSco,
} from './manifest-types';
import { detectScormVersion } from './manifest-version';
import { attr, child, children, idAttr, loadManifestXml, textOf, type XmlNode } from './manifest-xml';
import { ScormPackageError } from './package-error';

// imsmanifest.xml -> ParsedManifest (IMS Content Packaging 1.1 as profiled by the SCORM 1.2 and 2004 CAM).
// Refuses, with the element at fault named, anything the LMS could not deliver: no organization, a default that
// names no organization, an item pointing at a missing resource or at one without a launch URL, nothing to launch,
// or (when the caller can check files) a launch file absent from the package.

export type ParseManifestOptions = {
  /** Whether a file exists, by decoded path relative to the package root. Without it, files are not checked. */
  fileExists?: (relPath: string) => boolean;
};

type Resource = { identifier: string; scormType: 'sco' | 'asset'; href?: string; bases: Array<string | undefined> };

type Walk = {
  resources: Map<string, Resource>;
  fileExists?: (relPath: string) => boolean;
  /** Launchable items of the organization being read, in document order. */
  launches: LaunchableResource[];
};

export function parseManifest(xml: string, options: ParseManifestOptions = {}): ParsedManifest {
  const manifest = loadManifestXml(xml);
  const version = detectScormVersion(manifest, xml);
  const resources = readResources(manifest);
  const organizationsNode = child(manifest, 'organizations');
  const orgNodes = children(organizationsNode, 'organization');
  if (orgNodes.length === 0) {
    throw new ScormPackageError(
      'manifest_no_organization',
      'imsmanifest.xml has no <organization>, so there is no course structure to deliver.',
      'organizations',
    );
  }
  const defaultNode = findDefaultOrganization(organizationsNode, orgNodes);
  const fileExists = options.fileExists ? memoize(options.fileExists) : undefined;

  let defaultOrg: ScormOrganization | undefined;
  let defaultLaunches: LaunchableResource[] = [];
  const organizations: ScormOrganization[] = [];
  for (const node of orgNodes) {
    const id = idAttr(node, 'identifier');
    // Only the default needs its identifier to be found; another unnamed organization can never be selected.
    if (id === undefined) continue;
    const walk: Walk = { resources, fileExists, launches: [] };
    const org = { id, title: requireTitle(node, `Organization "${id}"`), items: readItems(node, walk) };
    organizations.push(org);
    if (node === defaultNode) [defaultOrg, defaultLaunches] = [org, walk.launches];
  }
  if (defaultOrg === undefined) throw new Error('parseManifest: default organization was not read');
  if (defaultLaunches.length === 0) {
    throw new ScormPackageError(
      'manifest_no_launchable',
      `The default organization "${defaultOrg.id}" has no item that launches a SCO or an asset.`,
      defaultOrg.id,
    );
  }

  const identifier = idAttr(manifest, 'identifier');
  return {
    version,
    ...(identifier === undefined ? {} : { identifier }),
    title: defaultOrg.title,
    defaultOrganizationId: defaultOrg.id,
    organizations,
    scos: defaultLaunches.filter((l): l is ScormSco => l.scormType === 'sco'),
    assets: defaultLaunches.filter((l): l is ScormAsset => l.scormType === 'asset'),
  };
}

function readResources(manifest: XmlNode): Map<string, Resource> {
  const resourcesNode = child(manifest, 'resources');
  const outerBases = [attr(manifest, 'base'), attr(resourcesNode, 'base')];
  const resources = new Map<string, Resource>();
  for (const node of children(resourcesNode, 'resource')) {
    const identifier = idAttr(node, 'identifier');
    if (identifier === undefined || resources.has(identifier)) continue;
    // adlcp:scormType is mandatory; when an author leaves it out, treat the resource as an asset, which the
    // LMS launches without expecting runtime calls (the same reading Moodle gives it).
    const scormType = attr(node, 'scormtype')?.trim().toLowerCase() === 'sco' ? 'sco' : 'asset';
    const href = attr(node, 'href')?.trim() || undefined;
    resources.set(identifier, { identifier, scormType, href, bases: [...outerBases, attr(node, 'base')] });
  }
  return resources;
}

/** The organization named by `default`, or the first one when the attribute is absent (IMS CP 1.1.4). */
function findDefaultOrganization(organizationsNode: XmlNode | undefined, orgNodes: XmlNode[]): XmlNode {
  const defaultId = idAttr(organizationsNode, 'default');
  const unnamed = orgNodes.some((n) => idAttr(n, 'identifier') === undefined);
  if (defaultId === undefined) {
    const first = orgNodes[0];
    if (first === undefined || idAttr(first, 'identifier') === undefined) {
      throw new ScormPackageError(
        'manifest_org_identifier_missing',
        'The first <organization>, which is the default, has no identifier attribute.',
        'organization',
      );
    }
    return first;
  }
  const found = orgNodes.find((n) => idAttr(n, 'identifier') === defaultId);
  if (found) return found;
  if (unnamed) {
    throw new ScormPackageError(
      'manifest_org_identifier_missing',
      `The default organization "${defaultId}" cannot be found because an <organization> has no identifier attribute.`,
      defaultId,
    );
  }
  const known = orgNodes.map((n) => `"${idAttr(n, 'identifier')}"`).join(', ');
  throw new ScormPackageError(
    'manifest_default_org_missing',
    `The default organization "${defaultId}" is not among the organizations (${known}).`,
    defaultId,
  );
}

function requireTitle(node: XmlNode, what: string): string {
  const title = textOf(child(node, 'title'));
  if (title === undefined) {
    // SCORM CAM: <title> is mandatory on every organization and item (IMS CP leaves it optional).
    throw new ScormPackageError('manifest_title_missing', `${what} has no <title>.`, what);
  }
  return title;
}

function readItems(parent: XmlNode, walk: Walk): ItemNode[] {
  return children(parent, 'item').map((node) => readItem(node, walk));
}

function readItem(node: XmlNode, walk: Walk): ItemNode {
  const identifier = idAttr(node, 'identifier');
  if (identifier === undefined) {
    const title = textOf(child(node, 'title')) ?? '';
    throw new ScormPackageError('manifest_item_identifier_missing', `An item ("${title}") has no identifier.`, title);
  }
  const title = requireTitle(node, `Item "${identifier}"`);
  const identifierref = idAttr(node, 'identifierref');
  const isVisible = attr(node, 'isvisible')?.trim().toLowerCase() !== 'false';
  // Pre-order: a parent's launch comes before its children's, as a learner would meet them.
  const launchable = identifierref !== undefined && readLaunch(node, identifier, title, identifierref, walk);
  const item: ItemNode = { identifier, title, isVisible, launchable, children: [] };
  if (identifierref !== undefined) item.identifierref = identifierref;
  item.children = readItems(node, walk);
  return item;
}

function readLaunch(node: XmlNode, itemId: string, title: string, ref: string, walk: Walk): boolean {
  const resource = walk.resources.get(ref);
  if (resource === undefined) {
    throw new ScormPackageError(
      'manifest_dangling_reference',
      `Item "${itemId}" references resource "${ref}", which the manifest does not define.`,
      itemId,
    );
  }
  if (resource.href === undefined) {
    throw new ScormPackageError(
      'manifest_launch_url_missing',
      `Item "${itemId}" references resource "${ref}", which has no href to launch.`,
      itemId,
    );
  }
  const resolved = resolveHref(resource.bases, resource.href, ref);
  if (walk.fileExists && resolved.packagePath !== null && !walk.fileExists(resolved.packagePath)) {
    throw new ScormPackageError(
      'manifest_launch_missing',
      `Item "${itemId}" launches "${resolved.packagePath}" (resource "${ref}"), which is not in the package.`,
      resolved.packagePath,
    );
  }
  walk.launches.push({
    identifier: resource.identifier,
    itemIdentifier: itemId,
    title,
    href: appendItemParameters(resolved.url, attr(node, 'parameters')),
    ...readItemData(node),
    scormType: resource.scormType,
  });
  return true;
}

function memoize(check: (relPath: string) => boolean): (relPath: string) => boolean {
  const seen = new Map<string, boolean>();
  return (relPath) => {
    let known = seen.get(relPath);
    if (known === undefined) seen.set(relPath, (known = check(relPath)));
    return known;
  };
}
