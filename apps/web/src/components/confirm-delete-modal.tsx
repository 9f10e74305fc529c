import { useState } from 'react';
import { showApiError } from '../lib/error-text';
import { ConfirmModal } from './confirm-modal';

interface Props {
  opened: boolean;
  title: string;
  text: string;
  /** The red button's label, e.g. "Delete module". */
  confirmLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before something is deleted for good: Cancel, or the red button (busy while the delete runs). */
export function ConfirmDeleteModal(props: Props) {
  return <ConfirmModal {...props} color="red" />;
}

/** What asking before a delete needs: the item asked about, and the modal's state. */
export interface ConfirmedDelete<T> {
  /** The item the modal asks about, null while it is closed. */
  item: T | null;
  ask: (item: T) => void;
  /** Spread into ConfirmDeleteModal. */
  modal: Pick<Props, 'opened' | 'busy' | 'onCancel' | 'onConfirm'>;
}

/**
 * The state of a ConfirmDeleteModal: `remove` runs on confirmation (busy meanwhile), a refusal shows as the API's
 * error notification, and the modal closes either way.
 */
export function useConfirmedDelete<T>(remove: (item: T) => Promise<void>): ConfirmedDelete<T> {
  const [item, setItem] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (item === null) return;
    setBusy(true);
    try {
      await remove(item);
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(false);
      setItem(null);
    }
  };
  return {
    item,
    ask: setItem,
    modal: { opened: item !== null, busy, onCancel: () => setItem(null), onConfirm: () => void confirm() },
  };
}
