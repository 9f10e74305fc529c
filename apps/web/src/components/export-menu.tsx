import type { TExportFormat } from '@lms/contracts/exports';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The button's text, e.g. "Export search". */
  label: string;
  /** Fetches and saves the file; a rejection is the caller's to show. */
  onExport: (format: TExportFormat) => Promise<void>;
}

/**
 * One export button for every table (issue 31 point 3): Excel (XLSX: typed columns, dates as dates) or CSV (UTF-8
 * with BOM and ";", which German Excel opens right). The status table and the user list use it, the reports too.
 */
export function ExportMenu({ label, onExport }: Props) {
  const { t } = useTranslation('exports');
  const [busy, setBusy] = useState(false);
  const run = (format: TExportFormat) => {
    setBusy(true);
    void onExport(format).finally(() => setBusy(false));
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          loading={busy}
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => run('xlsx')}>{t('xlsx')}</Menu.Item>
        <Menu.Item onClick={() => run('csv')}>{t('csv')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
