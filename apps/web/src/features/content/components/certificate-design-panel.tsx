import {
  CERTIFICATE_DESIGNS,
  CERTIFICATE_SIGNATORY_TEXT_MAX,
  type TCertificateDesignBody,
  type TCertificateTemplate,
} from '@lms/contracts/certificates';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import {
  certificateTemplateKeys,
  removeCertificateSignature,
  saveCertificateDesign,
  uploadCertificateSignature,
} from '../api/certificate-templates';
import { lookOfTemplate, setDesignDraft } from './certificate-design-draft';

const PLAIN = 'plain';

/**
 * Issue 32 point 2: the certificate's look above the locale tabs: a design (or the plain page of older templates),
 * the orientation, and two signatories with name, role and an uploaded signature image. The live preview in the
 * tabs shows the unsaved look; saving it is its own button, as the signature images are stored on upload.
 */
export function CertificateDesignPanel({ template }: { template: TCertificateTemplate }) {
  const { t } = useTranslation('certificates');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [look, setLook] = useState<TCertificateDesignBody>(() => lookOfTemplate(template));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => setDesignDraft(template.id, look), [template.id, look]);

  const run = async (action: () => Promise<TCertificateTemplate>, message: string) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await action();
      queryClient.setQueryData(certificateTemplateKeys.one(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: [...certificateTemplateKeys.all, 'list'] });
      notifySuccess(message);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const signatory = (i: number) => look.signatories[i] ?? { name: '', role: '' };
  const setSignatory = (i: number, change: Partial<{ name: string; role: string }>) =>
    setLook((l) => ({
      ...l,
      signatories: [0, 1].map((j) => (j === i ? { ...signatory(j), ...change } : signatory(j))),
    }));

  const designs = [
    ...CERTIFICATE_DESIGNS.map((d) => ({ value: d, label: t(`design.designs.${d}`) })),
    { value: PLAIN, label: t('design.designs.plain') },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t('design.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('design.hint')}
          </Text>
        </div>
        {error !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorText(error)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('design.design')}
            data={designs}
            value={look.design ?? PLAIN}
            allowDeselect={false}
            onChange={(v) =>
              setLook((l) => ({ ...l, design: v && v !== PLAIN ? (v as TCertificateDesignBody['design']) : null }))
            }
            id="certificate-design"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="certificate-orientation-label">
              {t('design.orientation')}
            </Text>
            <SegmentedControl
              aria-labelledby="certificate-orientation-label"
              value={look.orientation}
              disabled={look.design === null}
              onChange={(v) => setLook((l) => ({ ...l, orientation: v === 'landscape' ? 'landscape' : 'portrait' }))}
              data={[
                { value: 'portrait', label: t('design.portrait') },
                { value: 'landscape', label: t('design.landscape') },
              ]}
            />
          </Stack>
        </SimpleGrid>
        {look.design === null && <Text size="sm">{t('design.plainHint')}</Text>}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {[0, 1].map((i) => {
            const saved = template.signatories[i];
            return (
              <Stack key={i} gap="xs">
                <Text fw={600} size="sm">
                  {t('design.signatory', { number: i + 1 })}
                </Text>
                <TextInput
                  label={t('design.signatoryName')}
                  id={`certificate-signatory-name-${i + 1}`}
                  maxLength={CERTIFICATE_SIGNATORY_TEXT_MAX}
                  value={signatory(i).name}
                  onChange={(e) => setSignatory(i, { name: e.currentTarget.value })}
                />
                <TextInput
                  label={t('design.signatoryRole')}
                  id={`certificate-signatory-role-${i + 1}`}
                  maxLength={CERTIFICATE_SIGNATORY_TEXT_MAX}
                  value={signatory(i).role}
                  onChange={(e) => setSignatory(i, { role: e.currentTarget.value })}
                />
                <Text size="sm">{saved?.hasSignature ? t('design.signatureStored') : t('design.signatureNone')}</Text>
                <Group gap="xs">
                  <FileButton
                    accept="image/png,image/jpeg"
                    onChange={(f) =>
                      f &&
                      void run(() => uploadCertificateSignature(template.id, i + 1, f), t('design.signatureUploaded'))
                    }
                  >
                    {(props) => (
                      <Button {...props} variant="light" size="xs" disabled={busy}>
                        {saved?.hasSignature ? t('design.signatureReplace') : t('design.signatureUpload')}
                      </Button>
                    )}
                  </FileButton>
                  {saved?.hasSignature && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      disabled={busy}
                      onClick={() =>
                        void run(() => removeCertificateSignature(template.id, i + 1), t('design.signatureRemoved'))
                      }
                    >
                      {t('design.signatureRemove')}
                    </Button>
                  )}
                </Group>
              </Stack>
            );
          })}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('design.signatureHint')}
        </Text>
        <Group>
          <Button
            onClick={() =>
              void run(
                () => saveCertificateDesign(template.id, { ...look, signatories: [0, 1].map(signatory) }),
                t('design.saved'),
              )
            }
            loading={busy}
            variant="filled"
          >
            {t('design.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
