import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GdprExports } from '../../../components/gdpr-exports';
import { LanguageSwitch } from '../../../components/language-switch';
import { LearningRecord } from '../../../components/learning-record-view';
import { useErrorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMyProfile } from '../api/account';
import { ChangeRequestForm } from '../components/change-request-form';
import { DigestSetting } from '../components/digest-setting';

/** /account: my data, my language, my password, and a request to change what only support may change. */
export function AccountPage() {
  const { t, i18n } = useTranslation('account');
  const errorText = useErrorText();
  usePageTitle(t('titles.account'));
  const profile = useMyProfile();
  const p = profile.data;
  const date = (v: string) => formatDate(v, i18n.language);
  const rows: [string, string | null][] = p
    ? [
        ['name', `${p.firstName} ${p.lastName}`],
        ['email', p.email],
        ['username', p.username],
        ['personnelNumber', p.personnelNumber],
        ['company', p.companyName],
        ['gender', p.gender ? t(`genders.${p.gender}`) : null],
        ['birthday', p.birthday ? date(p.birthday) : null],
        ['address', [p.street, p.city].filter(Boolean).join(', ') || null],
        ['hiredSince', p.hiredSince ? date(p.hiredSince) : null],
        ['groups', p.groups.map((g) => g.name).join(', ') || null],
      ]
    : [];

  return (
    <Stack maw={900}>
      <Title order={1}>{t('titles.account')}</Title>
      {profile.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(profile.error)}
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md" aria-labelledby="my-data-title">
        <Title order={2} size="h3" id="my-data-title" mb="sm">
          {t('myData.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
          {rows.map(([key, value]) => (
            <div key={key}>
              <Text component="dt" size="sm" fw={600}>
                {t(`myData.${key}`)}
              </Text>
              <Text component="dd" m={0}>
                {value ?? '–'}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg" radius="md" aria-labelledby="settings-title">
        <Title order={2} size="h3" id="settings-title" mb="sm">
          {t('settings.title')}
        </Title>
        <Group align="flex-end" wrap="wrap">
          <LanguageSwitch label={t('settings.language')} />
          {p?.externallyManaged ? (
            <Text size="sm">{t('settings.passwordExternal')}</Text>
          ) : (
            <Button component={Link} to="/password-change-required" variant="default">
              {t('settings.changePassword')}
            </Button>
          )}
        </Group>
      </Paper>
      <Paper component="section" withBorder p="lg" radius="md" aria-labelledby="record-title">
        <Title order={2} size="h3" id="record-title" mb="sm">
          {t('record.title')}
        </Title>
        <LearningRecord of={null} headingOrder={3} />
      </Paper>
      {p?.digest.offered && <DigestSetting digest={p.digest} />}
      <Paper component="section" withBorder p="lg" radius="md" aria-labelledby="gdpr-title">
        <Title order={2} size="h3" id="gdpr-title" mb="sm">
          {t('account:gdpr.exports.title')}
        </Title>
        <GdprExports />
      </Paper>
      <ChangeRequestForm />
    </Stack>
  );
}
