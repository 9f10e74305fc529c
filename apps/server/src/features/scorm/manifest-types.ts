// The shape of a parsed imsmanifest.xml, as the rest of the server uses it (module rows, the player's launch URL,
// the runtime's initial CMI values). Everything here is already validated: references resolve, launch URLs exist.

export type ScormVersion = 'scorm12' | 'scorm2004-2nd' | 'scorm2004-3rd' | 'scorm2004-4th';

export type ItemNode = {
  identifier: string;
  title: string;
  identifierref?: string;
  isVisible: boolean;
  /** True when the item references a SCO or asset that has a launch URL. */
  launchable: boolean;
  children: ItemNode[];
};

export type ScormOrganization = { id: string; title: string; items: ItemNode[] };

/** One launchable item of the default organization and the resource it launches. */
export type LaunchableResource = {
  /** The resource's identifier. */
  identifier: string;
  /** The item's identifier: unique per launch, where one resource may serve several items. */
  itemIdentifier: string;
  /** The item's title. */
  title: string;
  /**
   * Launch URL relative to the package root (xml:base applied, item parameters appended, percent-encoded),
   * or an absolute http(s) URL when the manifest points outside the package.
   */
  href: string;
  /** SCORM 1.2 adlcp:masteryscore, 0 to 100. */
  masteryScore?: number;
  /** SCORM 2004 primary objective minNormalizedMeasure when satisfiedByMeasure is true, -1 to 1. */
  scaledPassingScore?: number;
  /** adlcp:datafromlms, the SCO's cmi.launch_data. */
  dataFromLms?: string;
  /** adlcp:completionThreshold (2004), 0 to 1. */
  completionThreshold?: number;
  /** adlcp:timelimitaction, e.g. 'exit,message'. */
  timeLimitAction?: string;
  /** 1.2 adlcp:maxtimeallowed (HH:MM:SS) or 2004 attemptAbsoluteDurationLimit (ISO 8601 duration). */
  maxTimeAllowed?: string;
  scormType: 'sco' | 'asset';
};

export type ScormSco = LaunchableResource & { scormType: 'sco' };
export type ScormAsset = LaunchableResource & { scormType: 'asset' };

export type ParsedManifest = {
  version: ScormVersion;
  /** The manifest's identifier attribute, when present. */
  identifier?: string;
  /** The default organization's title. */
  title: string;
  defaultOrganizationId: string;
  organizations: ScormOrganization[];
  /** SCOs of the default organization, in document order. */
  scos: ScormSco[];
  /** Launchable assets of the default organization, in document order. */
  assets: ScormAsset[];
};
