import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
