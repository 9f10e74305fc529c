import { describe, expect, it } from 'vitest';
import { rollUpScore, scorm12Score, scorm2004Score } from './cmi-score';

describe('the score a commit reports, as a percentage 0 to 100 (issue 31 point 1)', () => {
  it('SCORM 1.2: raw within min..max when max is given, else raw; none when raw is empty', () => {
    expect(scorm12Score({ score: { raw: '8', min: '0', max: '10' } })).toEqual({ pct: 80, raw: 8 });
    expect(scorm12Score({ score: { raw: '65.5', min: '', max: '' } })).toEqual({ pct: 65.5, raw: 65.5 });
    expect(scorm12Score({ score: { raw: '15', min: '10', max: '20' } })).toEqual({ pct: 50, raw: 15 });
    expect(scorm12Score({ score: { raw: '', min: '0', max: '100' } })).toEqual({ pct: null, raw: null });
    expect(scorm12Score({})).toEqual({ pct: null, raw: null });
  });

  it('SCORM 2004: scaled wins (negative counts as 0 %); else raw within min..max; raw outside 0..100 alone is no %', () => {
    expect(scorm2004Score({ score: { scaled: '0.875', raw: '7' } })).toEqual({ pct: 87.5, raw: 7 });
    expect(scorm2004Score({ score: { scaled: '-0.5' } })).toEqual({ pct: 0, raw: null });
    expect(scorm2004Score({ score: { raw: '30', min: '0', max: '40' } })).toEqual({ pct: 75, raw: 30 });
    expect(scorm2004Score({ score: { raw: '250' } })).toEqual({ pct: null, raw: 250 });
    expect(scorm2004Score({ score: { raw: '1/3' } })).toEqual({ pct: null, raw: null });
  });

  it('a module of several SCOs: the mean of those that reported a score, the raw score only for one', () => {
    expect(rollUpScore([{ pct: 80, raw: 8 }])).toEqual({ pct: 80, raw: 8 });
    expect(
      rollUpScore([
        { pct: 80, raw: 8 },
        { pct: null, raw: null },
        { pct: 61, raw: 61 },
      ]),
    ).toEqual({
      pct: 70.5,
      raw: null,
    });
    expect(rollUpScore([{ pct: null, raw: null }])).toEqual({ pct: null, raw: null });
  });
});
