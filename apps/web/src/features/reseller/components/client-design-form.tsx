import type { TClientColours } from '@lms/contracts/client';
import type { TClient } from '@lms/contracts/client-admin';
import { Alert, Button, ColorInput, Group, List, SimpleGrid, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import { updateClient } from '../api/clients';
import { ClientLogoField } from './client-logo-field';
import { AA_RATIO, contrastPairs } from './colour-contrast';
import { DesignPreview } from './design-preview';
import { useClientSaved } from './use-client-saved';

const COLOUR_KEYS = ['primaryButton', 'secondaryButton', 'info', 'headline', 'text', 'background', 'text2'] as const;
const HEX = /^#[0-9a-fA-F]{6}$/;

/** The design tab: the seven colours with a live preview and contrast warnings, and the logo. */
export function ClientDesignForm({ client }: { client: TClient }) {
  const { t, i18n } = useTranslation('clients');
  const errorText = useErrorText();
  const saved = useClientSaved();
  const [colours, setColours] = useState<TClientColours>(client.colours);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const readOnly = client.access === 'read';
  const valid = COLOUR_KEYS.every((k) => HEX.test(colours[k]));
  // The preview and the warnings show the last valid value of a colour that is being typed.
  const shown = Object.fromEntries(
    COLOUR_KEYS.map((k) => [k, HEX.test(colours[k]) ? colours[k] : client.colours[k]]),
  ) as TClientColours;
  const weak = contrastPairs(shown).filter((p) => p.ratio < AA_RATIO);
  const ratio = (n: number) => n.toLocaleString(i18n.language, { maximumFractionDigits: 1 });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return setError(t('design.invalidColour'));
    setBusy(true);
    setError(null);
    try {
      await saved(await updateClient(client.id, { colours }));
      notifySuccess(t('design.saved'));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {COLOUR_KEYS.map((key) => (
              <ColorInput
                key={key}
                label={t(`design.colours.${key}`)}
                format="hex"
                eyeDropperButtonProps={{ 'aria-label': t('design.eyeDropper', { colour: t(`design.colours.${key}`) }) }}
                value={colours[key]}
                disabled={readOnly}
                onChange={(value) => setColours((c) => ({ ...c, [key]: value }))}
                error={HEX.test(colours[key]) ? undefined : t('design.invalidColour')}
              />
            ))}
          </SimpleGrid>
          <DesignPreview colours={shown} />
          <div aria-live="polite">
            {weak.length > 0 && (
              <Alert color="yellow" variant="light" title={t('design.contrastTitle')}>
                <List size="sm">
                  {weak.map((p) => (
                    <List.Item key={p.key}>{t(`design.contrast.${p.key}`, { ratio: ratio(p.ratio) })}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </div>
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('design.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <ClientLogoField client={client} />
    </Stack>
  );
}
