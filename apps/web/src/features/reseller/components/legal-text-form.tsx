import type { LEGAL_TEXT_TYPES } from '@lms/contracts/client';
import type { TLegalTextKind, TLegalTextSetting } from '@lms/contracts/legal-texts';
import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import { MarkdownPreview } from '../../../components/markdown-preview';
import { legalTextKeys, saveClientLegalText } from '../api/legal-texts';
import { LegalPdfField } from './legal-pdf-field';

interface Props {
  clientId: string;
  kind: TLegalTextKind;
  setting: TLegalTextSetting;
  isRoot: boolean;
  hasReseller: boolean;
  readOnly: boolean;
}

type Choice = (typeof LEGAL_TEXT_TYPES)[number] | 'NONE';

/** One legal text: the type select and the matching editor, saved on its own. */
export function LegalTextForm({ clientId, kind, setting, isRoot, hasReseller, readOnly }: Props) {
  const { t } = useTranslation('legal');
  const queryClient = useQueryClient();
  const [type, setType] = useState<Choice>(setting.type ?? 'NONE');
  // One draft per editor, so switching the type back and forth keeps what was typed.
  const [drafts, setDrafts] = useState<Record<'URL' | 'MARKDOWN' | 'CUSTOM', string>>({
    URL: setting.type === 'URL' ? (setting.value ?? '') : '',
    MARKDOWN: setting.type === 'MARKDOWN' ? (setting.value ?? '') : '',
    CUSTOM: setting.type === 'CUSTOM' ? (setting.value ?? '') : '',
  });
  const [saving, setSaving] = useState(false);
  const title = t(`kinds.${kind}`);
  // CSX on the root client would point at itself, RESELLER needs a reseller: offered only where they mean something.
  const choices: Choice[] = ['NONE', 'MARKDOWN', 'CUSTOM', 'URL', 'UPLOAD'];
  if (!isRoot || setting.type === 'CSX') choices.splice(1, 0, 'CSX');
  if (hasReseller || setting.type === 'RESELLER') choices.splice(choices.indexOf('MARKDOWN'), 0, 'RESELLER');
  const urlInvalid = type === 'URL' && drafts.URL.trim() !== '' && !drafts.URL.trim().startsWith('https://');
  const setDraft = (key: keyof typeof drafts, value: string) => setDrafts((d) => ({ ...d, [key]: value }));

  const save = async () => {
    setSaving(true);
    try {
      const value = type === 'URL' || type === 'MARKDOWN' || type === 'CUSTOM' ? drafts[type] : null;
      const saved = await saveClientLegalText(clientId, kind, { type: type === 'NONE' ? null : type, value });
      queryClient.setQueryData(legalTextKeys.one(clientId), saved);
      await queryClient.invalidateQueries({ queryKey: ['legal-text'] });
      notifySuccess(t('tab.saved', { kind: title }));
    } catch (err) {
      showApiError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack>
        <Title order={2} size="h3">
          {title}
        </Title>
        <NativeSelect
          label={t('tab.type')}
          value={type}
          onChange={(e) => setType(e.currentTarget.value as Choice)}
          data={choices.map((c) => ({ value: c, label: t(`tab.types.${c}`) }))}
          disabled={readOnly}
          maw={420}
        />
        {type === 'NONE' && <Text size="sm">{t('tab.noneHint')}</Text>}
        {type === 'CSX' && <Text size="sm">{t('tab.csxHint')}</Text>}
        {type === 'RESELLER' && <Text size="sm">{t('tab.resellerHint')}</Text>}
        {type === 'URL' && (
          <TextInput
            label={t('tab.urlLabel')}
            description={t('tab.urlHint')}
            placeholder="https://"
            type="url"
            value={drafts.URL}
            onChange={(e) => setDraft('URL', e.currentTarget.value)}
            error={urlInvalid ? t('tab.urlInvalid') : undefined}
            readOnly={readOnly}
            maw={560}
          />
        )}
        {(type === 'MARKDOWN' || type === 'CUSTOM') && (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Textarea
              label={type === 'MARKDOWN' ? t('tab.markdownLabel') : t('tab.htmlLabel')}
              description={type === 'MARKDOWN' ? t('tab.markdownHint') : t('tab.htmlHint')}
              value={drafts[type]}
              onChange={(e) => setDraft(type, e.currentTarget.value)}
              autosize
              minRows={10}
              maxRows={24}
              readOnly={readOnly}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <MarkdownPreview format={type} text={drafts[type]} />
          </SimpleGrid>
        )}
        {type === 'UPLOAD' && <LegalPdfField clientId={clientId} kind={kind} pdf={setting.pdf} readOnly={readOnly} />}
        {!readOnly && (
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={saving} disabled={urlInvalid}>
              {t('tab.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
