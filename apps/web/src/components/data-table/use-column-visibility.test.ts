import { describe, expect, it } from 'vitest';
import type { DataColumn } from './types';
import { nextToLeaveOut } from './use-column-visibility';

const column = (id: string, priority?: 1 | 2 | 3, actions?: boolean): DataColumn<unknown> => ({
  id,
  header: id,
  cell: () => null,
  priority,
  actions,
});

// Issue 32: a table wider than its card leaves out columns until it fits (the status table cut off its last column).
describe('nextToLeaveOut', () => {
  const columns = [
    column('name', 2),
    column('email', 2),
    column('status'),
    column('started', 3),
    column('optional', 2),
    column('actions', 3, true),
  ];
  const all = { name: true, email: true, status: true, started: true, optional: true, actions: true };

  it('leaves out the highest priority number first, the right-most of them, never the first or the buttons', () => {
    expect(nextToLeaveOut(columns, all, {})).toBe('started');
    expect(nextToLeaveOut(columns, { ...all, started: false }, {})).toBe('optional');
    expect(nextToLeaveOut(columns, { ...all, started: false, optional: false }, {})).toBe('email');
    expect(nextToLeaveOut(columns, { ...all, started: false, optional: false, email: false }, {})).toBeUndefined();
  });

  it('keeps what the reader chose in the column menu', () => {
    expect(nextToLeaveOut(columns, all, { started: true })).toBe('optional');
    expect(nextToLeaveOut(columns, all, { started: true, optional: true, email: true })).toBeUndefined();
  });
});
