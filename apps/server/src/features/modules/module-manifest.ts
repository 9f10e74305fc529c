import type { TRuntimeTocItem } from '@lms/contracts/scorm-runtime';
import type { ItemNode, LaunchableResource, ParsedManifest } from '../scorm';

// The part of a parsed imsmanifest.xml that the player and the runtime need, stored with the module as JSON so a
// launch never reads the package's XML again.

export type PlayerLaunchable = Pick<
  LaunchableResource,
  | 'itemIdentifier'
  | 'title'
  | 'href'
  | 'scormType'
  | 'masteryScore'
  | 'scaledPassingScore'
  | 'dataFromLms'
  | 'completionThreshold'
  | 'timeLimitAction'
  | 'maxTimeAllowed'
>;

export type PlayerManifest = {
  title: string;
  toc: TRuntimeTocItem[];
  /** Every launchable item of the default organization, in the order a learner meets them. */
  launchables: PlayerLaunchable[];
};

/** The single "item" of a PDF module, so the player and the runtime treat both kinds alike. */
export const PDF_ITEM_ID = 'document';
export const PDF_FILE_NAME = 'document.pdf';

export function buildPlayerManifest(parsed: ParsedManifest): PlayerManifest {
  const org = parsed.organizations.find((o) => o.id === parsed.defaultOrganizationId);
  const byItem = new Map<string, LaunchableResource>();
  for (const r of [...parsed.scos, ...parsed.assets]) byItem.set(r.itemIdentifier, r);
  const launchables: PlayerLaunchable[] = [];
  const walk = (items: ItemNode[]): TRuntimeTocItem[] =>
    items.flatMap((item) => {
      const resource = item.launchable ? byItem.get(item.identifier) : undefined;
      if (resource) launchables.push(pickLaunchable(resource));
      const children = walk(item.children);
      // An invisible item is still delivered in sequence; it only stays out of the table of contents.
      if (!item.isVisible) return children;
      return [{ id: item.identifier, title: item.title, launchable: resource !== undefined, children }];
    });
  const toc = walk(org?.items ?? []);
  return { title: parsed.title, toc, launchables };
}

function pickLaunchable(r: LaunchableResource): PlayerLaunchable {
  return {
    itemIdentifier: r.itemIdentifier,
    title: r.title,
    href: r.href,
    scormType: r.scormType,
    masteryScore: r.masteryScore,
    scaledPassingScore: r.scaledPassingScore,
    dataFromLms: r.dataFromLms,
    completionThreshold: r.completionThreshold,
    timeLimitAction: r.timeLimitAction,
    maxTimeAllowed: r.maxTimeAllowed,
  };
}

export function pdfPlayerManifest(title: string): PlayerManifest {
  return {
    title,
    toc: [],
    launchables: [{ itemIdentifier: PDF_ITEM_ID, title, href: PDF_FILE_NAME, scormType: 'asset' }],
  };
}

export const parsePlayerManifest = (json: string): PlayerManifest => JSON.parse(json) as PlayerManifest;
