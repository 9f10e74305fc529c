import { USER_CSV_FIELDS } from '@lms/contracts/users';
import { describe, expect, it } from 'vitest';
import { suggestMapping } from './import-fields';

describe("the import dialog's CSV template (issue 12)", () => {
  it('has headers the import maps each onto its own column: the field keys', () => {
    const headers = USER_CSV_FIELDS.filter((f) => f !== 'lastLogin');
    expect(suggestMapping(headers)).toEqual(headers);
  });
});
