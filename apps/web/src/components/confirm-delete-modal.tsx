import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../lib/error-text';
import { closeButton } from '../lib/notify';

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
export function ConfirmDeleteModal({ opened, title, text, confirmLabel, busy, onCancel, onConfirm }: Props) {
  const { t } = useTranslation();
  return (
    <Modal closeButtonProps={closeButton()} opened={opened} onClose={onCancel} title={title}>
      <Text>{text}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
        {/* red.9: white on Mantine's default red is 3.3:1, below WCAG AA's 4.5:1. */}
        <Button color="red.9" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
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
