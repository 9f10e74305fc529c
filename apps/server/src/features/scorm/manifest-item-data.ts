import type { LaunchableResource } from './manifest-types';
import { attr, child, textOf, type XmlNode } from './manifest-xml';

// The per-item values the runtime starts a SCO with (cmi.launch_data, mastery score, time limits). SCORM 1.2 puts
// them in adlcp extension elements on the item; SCORM 2004 keeps some there and moves the rest into
// IMS Simple Sequencing (primary objective, limit conditions).

type ItemData = Pick<
  LaunchableResource,
  'masteryScore' | 'scaledPassingScore' | 'dataFromLms' | 'completionThreshold' | 'timeLimitAction' | 'maxTimeAllowed'
>;

const toNumber = (value: string | undefined): number | undefined => {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

const nonEmpty = (value: string | undefined): string | undefined => (value === '' ? undefined : value);

export function readItemData(item: XmlNode): ItemData {
  const data: ItemData = {};
  const sequencing = child(item, 'sequencing');

  const masteryScore = toNumber(textOf(child(item, 'masteryscore')));
  if (masteryScore !== undefined) data.masteryScore = masteryScore;

  // imsss: minNormalizedMeasure counts only when satisfiedByMeasure is true, and defaults to 1.0 (IMS SS 1.0 XSD).
  const primary = child(child(sequencing, 'objectives'), 'primaryObjective');
  if (attr(primary, 'satisfiedByMeasure')?.trim() === 'true') {
    data.scaledPassingScore = toNumber(textOf(child(primary, 'minNormalizedMeasure'))) ?? 1;
  }

  const dataFromLms = nonEmpty(textOf(child(item, 'datafromlms')));
  if (dataFromLms !== undefined) data.dataFromLms = dataFromLms;

  // 3rd Edition writes the threshold as the element's text, 4th Edition as its minProgressMeasure attribute.
  const threshold = child(item, 'completionThreshold');
  const completionThreshold = toNumber(attr(threshold, 'minProgressMeasure')) ?? toNumber(textOf(threshold));
  if (completionThreshold !== undefined) data.completionThreshold = completionThreshold;

  const timeLimitAction = nonEmpty(textOf(child(item, 'timelimitaction')));
  if (timeLimitAction !== undefined) data.timeLimitAction = timeLimitAction;

  const maxTimeAllowed =
    nonEmpty(textOf(child(item, 'maxtimeallowed'))) ??
    nonEmpty(attr(child(sequencing, 'limitConditions'), 'attemptAbsoluteDurationLimit'));
  if (maxTimeAllowed !== undefined) data.maxTimeAllowed = maxTimeAllowed;

  return data;
}
