import { Accordion, Alert, Anchor, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NamedLoader } from '../../../components/named-loader';
import { useErrorText } from '../../../lib/error-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { EditTextButton } from '../components/edit-text-button';
import { PlatformTextEditor } from '../components/platform-text-editor';
import { RichHtml } from '../../../components/rich-html';
import { usePlatformTextPage } from '../components/use-platform-text-page';

const plainText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
const fold = (s: string) => s.toLocaleLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/**
 * /faq (spec section 2, public; the menu's "Help"). The server splits the FAQ's Markdown at its `## ` headings
 * into questions and answers; the search filters those few blocks in the browser, by question and answer.
 */
export function FaqPage() {
  const { t } = useTranslation('legal');
  const errorText = useErrorText();
  usePageTitle(t('platform.faq.title'));
  const { locale, text, mayEdit, editing, setEditing } = usePlatformTextPage('faq');
  const [search, setSearch] = useState('');
  const sections = useMemo(
    () =>
      (text.data?.sections ?? []).map((s, i) => ({
        ...s,
        id: `q${i}`,
        haystack: fold(`${s.title} ${plainText(s.html)}`),
      })),
    [text.data],
  );
  const words = fold(search).split(/\s+/).filter(Boolean);
  const found = sections.filter((s) => words.every((w) => s.haystack.includes(w)));
  const [open, setOpen] = useState<string[]>([]);
  // While searching every match is open, so the answer shows without another click.
  const expanded = words.length > 0 ? found.map((s) => s.id) : open;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('platform.faq.title')}</Title>
        {mayEdit && !editing && <EditTextButton onClick={() => setEditing(true)} />}
      </Group>
      {editing && <PlatformTextEditor textKey="faq" initialLocale={locale} onClose={() => setEditing(false)} />}
      {text.isPending && <NamedLoader label={t('loading')} />}
      {text.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(text.error)}
        </Alert>
      )}
      {text.data?.introHtml && <RichHtml html={text.data.introHtml} />}
      {sections.length > 0 && (
        <TextInput
          type="search"
          label={t('platform.faq.search')}
          placeholder={t('platform.faq.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={480}
        />
      )}
      {words.length > 0 && (
        <Text size="sm" role="status">
          {found.length === 0 ? t('platform.faq.noMatch') : t('platform.faq.matches', { count: found.length })}
        </Text>
      )}
      {text.data && sections.length === 0 && !text.data.introHtml && (
        <Alert color="gray" variant="light" role="note">
          {t('platform.faq.empty')}
        </Alert>
      )}
      {found.length > 0 && (
        <Accordion multiple order={2} value={expanded} onChange={setOpen} variant="contained">
          {found.map((s) => (
            <Accordion.Item key={s.id} value={s.id}>
              <Accordion.Control fw={600}>{s.title}</Accordion.Control>
              <Accordion.Panel>
                <RichHtml html={s.html} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <Anchor component={Link} to="/about">
        {t('platform.faq.aboutLink')}
      </Anchor>
    </Stack>
  );
}
