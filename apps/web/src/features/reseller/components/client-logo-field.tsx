import type { TClient } from '@lms/contracts/client-admin';
import { Alert, Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetchBlob } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import { removeClientLogo, uploadClientLogo } from '../api/clients';
import { useClientSaved } from './use-client-saved';

const ACCEPT = 'image/png,image/jpeg,image/svg+xml,image/webp,.png,.jpg,.jpeg,.svg,.webp';

/** The logo's bytes come with the session (an <img> cannot send it), shown from a blob: URL. */
function useLogoPreview(url: string | null): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return setSrc(null);
    let objectUrl: string | null = null;
    let alive = true;
    apiFetchBlob(url.replace(/^\/api/, ''))
      .then((blob) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => setSrc(null));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src;
}

/** DECISIONS "Clients", logo: png, jpg, svg or webp up to 2 MB; the server checks the bytes and cleans an SVG. */
export function ClientLogoField({ client }: { client: TClient }) {
  const { t } = useTranslation('clients');
  const errorText = useErrorText();
  const saved = useClientSaved();
  const preview = useLogoPreview(client.logoUrl);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const readOnly = client.access === 'read';

  const run = async (action: () => Promise<TClient>, message: string) => {
    setBusy(true);
    setError(null);
    try {
      await saved(await action());
      notifySuccess(message);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack>
        <Text fw={650}>{t('design.logo')}</Text>
        <Text size="sm">{t('design.logoHint')}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {preview ? (
          <Image
            src={preview}
            alt={t('design.logoAlt', { name: client.name })}
            loading="lazy"
            height={64}
            h={64}
            w="auto"
            fit="contain"
            style={{ alignSelf: 'flex-start' }}
          />
        ) : (
          <Text size="sm">{t('design.noLogo')}</Text>
        )}
        {!readOnly && (
          <Group>
            <FileButton
              accept={ACCEPT}
              onChange={(file) => file && void run(() => uploadClientLogo(client.id, file), t('design.logoSaved'))}
            >
              {(props) => (
                <Button {...props} loading={busy} variant="default">
                  {client.logoUrl ? t('design.replaceLogo') : t('design.uploadLogo')}
                </Button>
              )}
            </FileButton>
            {client.logoUrl && (
              <Button
                variant="default"
                color="red"
                disabled={busy}
                onClick={() => void run(() => removeClientLogo(client.id), t('design.logoRemoved'))}
              >
                {t('design.removeLogo')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
