import { ActionIcon, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import type { VisibilityState } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from './types';

interface Props<T> {
  columns: readonly DataColumn<T>[];
  visibility: VisibilityState;
  setVisible: (id: string, visible: boolean) => void;
}

/** Shows or hides a table's columns; the first column (the row's name) and the row buttons always stay. */
export function ColumnMenu<T>({ columns, visibility, setVisible }: Props<T>) {
  const { t } = useTranslation('ui');
  const optional = columns.slice(1).filter((c) => !c.actions && !c.hideHeader);
  if (optional.length === 0) return null;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('table.columns')} title={t('table.columns')}>
          <IconColumns size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('table.columns')}>
          {optional.map((c) => (
            <Checkbox
              key={c.id}
              label={c.header}
              checked={visibility[c.id] !== false}
              onChange={(e) => setVisible(c.id, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
