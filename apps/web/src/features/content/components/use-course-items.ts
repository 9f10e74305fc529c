import { useState } from 'react';
import { showApiError } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';

interface Options<T> {
  deleteItem: (item: T) => Promise<unknown>;
  deletedText: string;
  /** Fetches the course again after a change. */
  refresh: () => Promise<unknown>;
}

/** The edit and delete state of a course's modules or files, and what follows a save or a delete. */
export function useCourseItems<T>({ deleteItem, deletedText, refresh }: Options<T>) {
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  // Issue 32: the page keys its "add" form with this, so each new item hands the next upload a fresh form (every
  // field at its default) instead of the last one's values; an edit in the modal leaves a half-filled one alone.
  const [formKey, setFormKey] = useState(0);

  const remove = async (item: T) => {
    setBusy(true);
    try {
      await deleteItem(item);
      notifySuccess(deletedText);
      await refresh();
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const saved = async (message: string) => {
    notifySuccess(message);
    setEditing(null);
    await refresh();
  };

  const added = async (message: string) => {
    setFormKey((k) => k + 1);
    await saved(message);
  };

  return { editing, setEditing, deleting, setDeleting, busy, setBusy, remove, saved, added, formKey };
}
