import { USER_CSV_FIELDS, type TUserCsvField } from '@lms/contracts/users';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The columns an import takes: every CSV field but the last login, which only the export writes. */
const IMPORT_FIELDS = USER_CSV_FIELDS.filter((f): f is Exclude<TUserCsvField, 'lastLogin'> => f !== 'lastLogin');

const EXAMPLE: Partial<Record<TUserCsvField, string>> = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  email: 'erika.mustermann@example.com',
  locale: 'de-DE',
  role: 'PARTICIPANT',
  active: 'true',
};

/**
 * A template with every column the import recognises: its headers are the field keys, which the import maps in
 * any language's spelling too (import-fields.ts), and one example row. Semicolons, as the import's own export.
 */
function downloadTemplate(): void {
  const rows = [IMPORT_FIELDS.join(';'), IMPORT_FIELDS.map((f) => EXAMPLE[f] ?? '').join(';')];
  // The BOM makes Excel read the file as UTF-8.
  const blob = new Blob(['\uFEFF', rows.join('\r\n'), '\r\n'], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'benutzer-import-vorlage.csv';
  a.click();
  URL.revokeObjectURL(url);
}

/** What the CSV import dialog accepts (issue 12): the columns by name and a template to start from. */
export function ImportColumns() {
  const { t } = useTranslation('users');
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {t('import.columnsTitle')}
          </Title>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={downloadTemplate}
          >
            {t('import.template')}
          </Button>
        </Group>
        <Text size="sm">{IMPORT_FIELDS.map((f) => t(`csvFields.${f}`)).join(' · ')}</Text>
        <Text size="xs" c="dimmed">
          {t('import.columnsHint')}
        </Text>
      </Stack>
    </Paper>
  );
}
