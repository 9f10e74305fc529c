import { SCORM12_LOCATION_MAX, SCORM12_SUSPEND_DATA_MAX } from '@lms/contracts/scorm-runtime';
import type { TModuleStatus, TSuccessStatus } from '@lms/contracts/scorm-runtime';
import { checkDecimal, objectAt, textAt, without, type CmiModel, type CommitCheck, type Obj } from './cmi-model';
import { scorm12Score } from './cmi-score';
import { formatScorm12Timespan, parseScorm12Timespan } from './cmi-time';

// SCORM 1.2 RTE section 3.4 data model. Error 405 "Incorrect Data Type" is what 1.2 answers for a value outside an
// element's type, length or vocabulary; scorm-again 3.4.3 lets an overlong suspend_data through, so the server is
// the check that counts.

const INCORRECT_DATA_TYPE = 405;
const LESSON_STATUSES = ['passed', 'completed', 'failed', 'incomplete', 'browsed', 'not attempted'];
const EXITS = ['', 'time-out', 'suspend', 'logout'];
/** LMS-owned (core.*, student_data) and write-only (exit, session_time) elements are never restored from a commit. */
const CORE_NOT_SAVED = [
  'student_id',
  'student_name',
  'credit',
  'entry',
  'total_time',
  'lesson_mode',
  'exit',
  'session_time',
];
const TOP_NOT_SAVED = ['launch_data', 'comments_from_lms', 'student_data', 'interactions'];

/** ARCHITECTURE section 6: passed/completed -> COMPLETED; failed is finished but not passed; the rest STARTED. */
function statusOf(lessonStatus: string): { status: TModuleStatus; success: TSuccessStatus } {
  if (lessonStatus === 'passed') return { status: 'COMPLETED', success: 'passed' };
  if (lessonStatus === 'failed') return { status: 'COMPLETED', success: 'failed' };
  if (lessonStatus === 'completed') return { status: 'COMPLETED', success: 'unknown' };
  return { status: 'STARTED', success: 'unknown' };
}

const refuse = (element: string, message: string): CommitCheck => ({
  ok: false,
  errorCode: INCORRECT_DATA_TYPE,
  element,
  message,
});

export const scorm12Model: CmiModel = {
  checkCommit(cmi: Obj): CommitCheck {
    const core = objectAt(cmi.core);
    const location = textAt(core, 'lesson_location');
    if (location === undefined || location.length > SCORM12_LOCATION_MAX)
      return refuse('cmi.core.lesson_location', `at most ${SCORM12_LOCATION_MAX} characters`);
    const suspend = textAt(cmi, 'suspend_data');
    if (suspend === undefined || suspend.length > SCORM12_SUSPEND_DATA_MAX)
      return refuse('cmi.suspend_data', `at most ${SCORM12_SUSPEND_DATA_MAX} characters`);
    const comments = textAt(cmi, 'comments');
    if (comments === undefined || comments.length > SCORM12_SUSPEND_DATA_MAX)
      return refuse('cmi.comments', `at most ${SCORM12_SUSPEND_DATA_MAX} characters`);
    const lessonStatus = textAt(core, 'lesson_status') || 'not attempted';
    if (!LESSON_STATUSES.includes(lessonStatus)) return refuse('cmi.core.lesson_status', 'not in the vocabulary');
    const exit = textAt(core, 'exit');
    if (exit === undefined || !EXITS.includes(exit)) return refuse('cmi.core.exit', 'not in the vocabulary');
    const sessionTime = textAt(core, 'session_time');
    const sessionCs = sessionTime ? parseScorm12Timespan(sessionTime) : 0;
    if (sessionCs === undefined) return refuse('cmi.core.session_time', 'not a CMITimespan');
    const score = objectAt(core.score);
    for (const key of ['raw', 'min', 'max']) {
      if (checkDecimal(textAt(score, key), 0, 100) !== 'ok')
        return refuse(`cmi.core.score.${key}`, 'a number 0 to 100');
    }
    const saved = { ...without(cmi, TOP_NOT_SAVED), core: without(core, CORE_NOT_SAVED) };
    return { ok: true, saved, ...statusOf(lessonStatus), exit, sessionCs, score: scorm12Score(core) };
  },

  initialCmi(saved, ctx) {
    const s = objectAt(saved);
    const core = objectAt(s.core);
    const l = ctx.launchable;
    return {
      ...s,
      core: {
        ...core,
        student_id: ctx.learnerId,
        student_name: ctx.learnerName,
        credit: ctx.credit,
        entry: ctx.entry,
        lesson_mode: 'normal',
        lesson_status: textAt(core, 'lesson_status') || 'not attempted',
        total_time: formatScorm12Timespan(ctx.totalCs),
      },
      launch_data: l.dataFromLms ?? '',
      student_data: {
        mastery_score: l.masteryScore === undefined ? '' : String(l.masteryScore),
        max_time_allowed: l.maxTimeAllowed ?? '',
        time_limit_action: l.timeLimitAction ?? '',
      },
    };
  },
};
