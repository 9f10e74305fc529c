import { SCORM2004_LOCATION_MAX, SCORM2004_SUSPEND_DATA_MAX } from '@lms/contracts/scorm-runtime';
import type { TSuccessStatus } from '@lms/contracts/scorm-runtime';
import { checkDecimal, objectAt, textAt, without, type CmiModel, type CommitCheck, type Obj } from './cmi-model';
import { scorm2004Score } from './cmi-score';
import { formatIsoDuration, parseIsoDuration } from './cmi-time';

// SCORM 2004 RTE section 4.2 data model. 406 "Data Model Element Type Mismatch" for values outside a type, length or
// vocabulary (scorm-again answers the same for an overlong suspend_data), 407 "Value Out Of Range" for numbers.

const TYPE_MISMATCH = 406;
const OUT_OF_RANGE = 407;
const COMPLETION = ['completed', 'incomplete', 'not attempted', 'unknown'];
const SUCCESS = ['passed', 'failed', 'unknown'];
const EXITS = ['', 'time-out', 'suspend', 'logout', 'normal'];
const NOT_SAVED = [
  'learner_id',
  'learner_name',
  'credit',
  'entry',
  'mode',
  'total_time',
  'launch_data',
  'completion_threshold',
  'scaled_passing_score',
  'max_time_allowed',
  'time_limit_action',
  'comments_from_lms',
  'exit',
  'session_time',
];

const refuse = (errorCode: number, element: string, message: string): CommitCheck => ({
  ok: false,
  errorCode,
  element,
  message,
});

function checkText(cmi: Obj, key: string, max: number): CommitCheck | undefined {
  const value = textAt(cmi, key);
  if (value === undefined || value.length > max)
    return refuse(TYPE_MISMATCH, `cmi.${key}`, `at most ${max} characters`);
  return undefined;
}

export const scorm2004Model: CmiModel = {
  checkCommit(cmi: Obj): CommitCheck {
    const tooLong =
      checkText(cmi, 'location', SCORM2004_LOCATION_MAX) ?? checkText(cmi, 'suspend_data', SCORM2004_SUSPEND_DATA_MAX);
    if (tooLong) return tooLong;
    const completion = textAt(cmi, 'completion_status') || 'unknown';
    if (!COMPLETION.includes(completion))
      return refuse(TYPE_MISMATCH, 'cmi.completion_status', 'not in the vocabulary');
    const success = textAt(cmi, 'success_status') || 'unknown';
    if (!SUCCESS.includes(success)) return refuse(TYPE_MISMATCH, 'cmi.success_status', 'not in the vocabulary');
    const exit = textAt(cmi, 'exit');
    if (exit === undefined || !EXITS.includes(exit)) return refuse(TYPE_MISMATCH, 'cmi.exit', 'not in the vocabulary');
    const sessionTime = textAt(cmi, 'session_time');
    const sessionCs = sessionTime ? parseIsoDuration(sessionTime) : 0;
    if (sessionCs === undefined) return refuse(TYPE_MISMATCH, 'cmi.session_time', 'not a timeinterval');
    const numbers: Array<[string, string | undefined, number, number]> = [
      ['cmi.score.scaled', textAt(objectAt(cmi.score), 'scaled'), -1, 1],
      ['cmi.progress_measure', textAt(cmi, 'progress_measure'), 0, 1],
    ];
    for (const [element, value, min, max] of numbers) {
      const check = checkDecimal(value, min, max);
      if (check === 'type') return refuse(TYPE_MISMATCH, element, 'not a number');
      if (check === 'range') return refuse(OUT_OF_RANGE, element, `outside ${min} to ${max}`);
    }
    // ARCHITECTURE section 6: completion_status=completed -> COMPLETED, success_status kept beside it.
    return {
      ok: true,
      saved: without(cmi, NOT_SAVED),
      status: completion === 'completed' ? 'COMPLETED' : 'STARTED',
      success: success as TSuccessStatus,
      exit,
      sessionCs,
      score: scorm2004Score(cmi),
    };
  },

  initialCmi(saved, ctx) {
    const l = ctx.launchable;
    const optional = (key: string, value: number | string | undefined) =>
      value === undefined ? {} : { [key]: String(value) };
    return {
      ...objectAt(saved),
      learner_id: ctx.learnerId,
      learner_name: ctx.learnerName,
      credit: ctx.credit,
      entry: ctx.entry,
      mode: 'normal',
      total_time: formatIsoDuration(ctx.totalCs),
      launch_data: l.dataFromLms ?? '',
      ...optional('completion_threshold', l.completionThreshold),
      ...optional('scaled_passing_score', l.scaledPassingScore),
      ...optional('max_time_allowed', l.maxTimeAllowed),
      ...optional('time_limit_action', l.timeLimitAction),
    };
  },
};
