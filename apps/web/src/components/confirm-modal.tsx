import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { closeButton } from '../lib/notify';

interface Props {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** The confirm button's colour: `red` for a delete or anything that cannot be undone. */
  color?: 'red';
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The app's one "are you sure" (issue 32: no `window.confirm`): Cancel, then the action. A red action is red.9:
 * white on Mantine's default red is 3.3:1, below WCAG AA's 4.5:1.
 */
export function ConfirmModal({ opened, title, text, confirmLabel, color, busy, onCancel, onConfirm }: Props) {
  const { t } = useTranslation();
  return (
    <Modal closeButtonProps={closeButton()} opened={opened} onClose={onCancel} title={title} centered>
      <Stack>
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button color={color === 'red' ? 'red.9' : undefined} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
