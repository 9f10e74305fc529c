import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { closeButton } from '../../../lib/notify';

interface Props {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** The confirm button's colour: red for a delete. */
  color?: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The centred "are you sure" of the coordination screens (a drawer's delete, a bulk action): Cancel, then the action. */
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
          <Button color={color} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
