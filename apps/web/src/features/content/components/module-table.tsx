import type { TModule } from '@lms/contracts/modules';
import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { useState, type DragEvent, type ReactNode } from 'react';
import { CellText, DataTable, type DataColumn } from '../../../components/data-table';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/row-actions';
import { formatBytes } from '../../../lib/format';

interface Props {
  modules: TModule[];
  busy: boolean;
  onOrder: (ids: string[]) => void;
  onPreview: (module: TModule) => void;
  onEdit: (module: TModule) => void;
  onDelete: (module: TModule) => void;
  /** What shows while the course has no module (the next step: upload the first). */
  empty: ReactNode;
}

const move = (ids: string[], from: number, to: number): string[] => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  if (id !== undefined) next.splice(to, 0, id);
  return next;
};

/**
 * The modules in their order (spec section 3 "Modules sorted by order"). Rows are dragged to reorder; the up and
 * down buttons do the same from the keyboard.
 */
export function ModuleTable({ modules, busy, onOrder, onPreview, onEdit, onDelete, empty }: Props) {
  const { t, i18n } = useTranslation('courses');
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const ids = modules.map((m) => m.id);

  const drop = (e: DragEvent<HTMLElement>, index: number) => {
    e.preventDefault();
    if (dragged !== null && dragged !== index) onOrder(move(ids, dragged, index));
    setDragged(null);
    setOver(null);
  };

  const kindLabel = (m: TModule) =>
    m.kind === 'pdf' ? t('modules.kindPdf') : t(`modules.versions.${m.scorm?.version ?? 'scorm12'}`);

  const columns: DataColumn<TModule>[] = [
    {
      id: 'title',
      header: t('fields.title'),
      cell: (m) => (
        <>
          <CellText text={m.title || m.fileName} max={260} />
          {m.required && (
            <Badge size="sm" variant="default">
              {t('modules.required')}
            </Badge>
          )}
        </>
      ),
    },
    {
      id: 'order',
      header: t('modules.order'),
      nowrap: true,
      cell: (m, index) => (
        <Group gap={4} wrap="nowrap">
          <IconGripVertical size={16} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm">{index + 1}</Text>
          <ActionIcon
            variant="subtle"
            disabled={busy || index === 0}
            onClick={() => onOrder(move(ids, index, index - 1))}
            aria-label={t('modules.moveUp', { title: m.title })}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            disabled={busy || index === modules.length - 1}
            onClick={() => onOrder(move(ids, index, index + 1))}
            aria-label={t('modules.moveDown', { title: m.title })}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ),
    },
    {
      id: 'kind',
      header: t('modules.kind'),
      cell: (m) => (
        <>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {kindLabel(m)}
          </Text>
          {m.scorm && m.scorm.scoCount > 1 && (
            <Text size="xs" c="dimmed">
              {t('modules.scoCount', { count: m.scorm.scoCount })}
            </Text>
          )}
        </>
      ),
    },
    {
      id: 'duration',
      header: t('modules.duration'),
      nowrap: true,
      priority: 2,
      cell: (m) => t('modules.minutes', { count: m.durationInMinutes }),
    },
    {
      id: 'file',
      header: t('modules.file'),
      priority: 3,
      cell: (m) => (
        <>
          <CellText text={m.fileName} max={200} />
          <Text size="xs" c="dimmed">
            {formatBytes(m.fileSize, i18n.language)}
          </Text>
        </>
      ),
    },
    {
      id: 'actions',
      header: t('modules.actions'),
      actions: true,
      cell: (m) => (
        <RowActions
          actions={[
            {
              label: t('modules.preview'),
              name: t('modules.previewOf', { title: m.title }),
              variant: 'default',
              onClick: () => onPreview(m),
            },
            {
              label: t('modules.edit'),
              name: t('modules.editOf', { title: m.title }),
              onClick: () => onEdit(m),
            },
            {
              label: t('modules.delete'),
              name: t('modules.deleteOf', { title: m.title }),
              danger: true,
              onClick: () => onDelete(m),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <DataTable
      label={t('nav.modules')}
      data={modules}
      getRowId={(m) => m.id}
      columns={columns}
      empty={empty}
      rowProps={(m, index) => ({
        draggable: !busy,
        'data-module-id': m.id,
        onDragStart: () => setDragged(index),
        onDragOver: (e) => {
          e.preventDefault();
          setOver(index);
        },
        onDragEnd: () => {
          setDragged(null);
          setOver(null);
        },
        onDrop: (e) => drop(e, index),
        style: {
          cursor: busy ? 'default' : 'grab',
          outline: over === index && dragged !== index ? '2px dashed var(--mantine-color-blue-6)' : undefined,
        },
      })}
    />
  );
}
