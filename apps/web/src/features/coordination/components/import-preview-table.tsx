import { USER_CSV_FIELDS, type TImportPreview, type TUserCsvField } from '@lms/contracts/users';
import { NativeSelect, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  preview: TImportPreview;
  onMapping: (mapping: (TUserCsvField | null)[]) => void;
  disabled: boolean;
}

/** The first rows of the file under their headers, a field choice per column, and the problems per row. */
export function ImportPreviewTable({ preview, onMapping, disabled }: Props) {
  const { t } = useTranslation('users');
  const fields = USER_CSV_FIELDS.filter((f) => f !== 'lastLogin');
  const choose = (column: number, value: string) => {
    const next = preview.mapping.map((m, i) => (i === column ? ((value || null) as TUserCsvField | null) : m));
    // One column per field: choosing a field elsewhere frees it here.
    onMapping(next.map((m, i) => (i !== column && value && m === value ? null : m)));
  };
  return (
    <>
      <Table.ScrollContainer minWidth={Math.max(600, preview.headers.length * 150)}>
        <Table withTableBorder withColumnBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('import.row')}</Table.Th>
              {preview.headers.map((h, i) => (
                <Table.Th key={i}>
                  <NativeSelect
                    size="xs"
                    label={h || t('import.column', { n: i + 1 })}
                    value={preview.mapping[i] ?? ''}
                    disabled={disabled}
                    onChange={(e) => choose(i, e.currentTarget.value)}
                    data={[
                      { value: '', label: t('import.ignore') },
                      ...fields.map((f) => ({ value: f, label: t(`csvFields.${f}`) })),
                    ]}
                  />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row, r) => (
              <Table.Tr key={r}>
                <Table.Td>{r + 1}</Table.Td>
                {preview.headers.map((_, i) => (
                  <Table.Td key={i}>{preview.mapping[i] === 'password' && row[i] ? '••••' : row[i]}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {preview.issues.length > 0 && (
        <div>
          <Text fw={600} size="sm">
            {t('import.issues', { count: preview.issueCount })}
          </Text>
          <Table.ScrollContainer minWidth={500} mah={240}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import.row')}</Table.Th>
                  <Table.Th>{t('import.field')}</Table.Th>
                  <Table.Th>{t('import.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.issues.map((issue) => (
                  <Table.Tr key={`${issue.row}-${issue.code}`}>
                    <Table.Td>{issue.row}</Table.Td>
                    <Table.Td>{issue.field ? t(`csvFields.${issue.field}`) : ''}</Table.Td>
                    <Table.Td>{t(`importIssues.${issue.code}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
      )}
    </>
  );
}
