import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ReasonButton } from '../../../components/reason-button';
import { useErrorText } from '../../../lib/error-text';
import type { EditedTemplate, TemplateKindUi } from './template-kind';

interface Props<T extends EditedTemplate<S>, C, S, I extends { id: string; name: string; updatedAt: string }> {
  kind: TemplateKindUi<T, C, S, I>;
  opened: boolean;
  onClose: () => void;
}

/** A new template by name (and, for mails, of a kind); it starts from the default texts and is edited on its page. */
export function CreateTemplateModal<
  T extends EditedTemplate<S>,
  C,
  S,
  I extends { id: string; name: string; updatedAt: string },
>({ kind, opened, onClose }: Props<T, C, S, I>) {
  const { t } = useTranslation(kind.ns);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const variants = kind.variants?.(t);
  const [variant, setVariant] = useState<string | null>(kind.defaultVariant ?? null);
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await kind.create({ name, variant });
      onClose();
      await navigate(`${kind.path}/${created.id}`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('templates.createTitle')}
      closeButtonProps={{ 'aria-label': t(kind.messages.createClose) }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error !== null && (
            <Alert color="red" variant="light" role="alert">
              {errorText(error)}
            </Alert>
          )}
          {kind.messages.createHint && <Text size="sm">{t(kind.messages.createHint)}</Text>}
          {variants && (
            <NativeSelect
              label={t('templates.kind')}
              value={variant ?? ''}
              onChange={(e) => setVariant(e.currentTarget.value)}
              data={variants}
            />
          )}
          <TextInput
            label={t('templates.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={200}
            data-autofocus={variants ? undefined : true}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('templates.cancel')}
            </Button>
            <ReasonButton type="submit" loading={busy} disabledReason={name.trim() ? null : t('forms:enterNameFirst')}>
              {t('templates.createSubmit')}
            </ReasonButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
