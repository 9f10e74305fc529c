import type { TModule } from '@lms/contracts/modules';
import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import { useState, type DragEvent } from 'react';
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
export function ModuleTable({ modules, busy, onOrder, onPreview, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation('courses');
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const ids = modules.map((m) => m.id);

  const drop = (e: DragEvent, index: number) => {
    e.preventDefault();
    if (dragged !== null && dragged !== index) onOrder(move(ids, dragged, index));
    setDragged(null);
    setOver(null);
  };

  const kindLabel = (m: TModule) =>
    m.kind === 'pdf' ? t('modules.kindPdf') : t(`modules.versions.${m.scorm?.version ?? 'scorm12'}`);

  return (
    <Table.ScrollContainer minWidth={820}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('modules.order')}</Table.Th>
            <Table.Th>{t('fields.title')}</Table.Th>
            <Table.Th>{t('modules.kind')}</Table.Th>
            <Table.Th>{t('modules.duration')}</Table.Th>
            <Table.Th>{t('modules.file')}</Table.Th>
            <Table.Th>{t('modules.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {modules.map((m, index) => (
            <Table.Tr
              key={m.id}
              draggable={!busy}
              data-module-id={m.id}
              onDragStart={() => setDragged(index)}
              onDragOver={(e) => {
                e.preventDefault();
                setOver(index);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              onDrop={(e) => drop(e, index)}
              style={{
                cursor: busy ? 'default' : 'grab',
                outline: over === index && dragged !== index ? '2px dashed var(--mantine-color-blue-6)' : undefined,
              }}
            >
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Text aria-hidden c="dimmed">
                    ⠿
                  </Text>
                  <Text>{index + 1}</Text>
                  <ActionIcon
                    variant="subtle"
                    disabled={busy || index === 0}
                    onClick={() => onOrder(move(ids, index, index - 1))}
                    aria-label={t('modules.moveUp', { title: m.title })}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    disabled={busy || index === modules.length - 1}
                    onClick={() => onOrder(move(ids, index, index + 1))}
                    aria-label={t('modules.moveDown', { title: m.title })}
                  >
                    ↓
                  </ActionIcon>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text>{m.title || m.fileName}</Text>
                {m.required && (
                  <Badge size="sm" variant="default">
                    {t('modules.required')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {kindLabel(m)}
                {m.scorm && m.scorm.scoCount > 1 && (
                  <Text size="sm" c="dimmed">
                    {t('modules.scoCount', { count: m.scorm.scoCount })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{t('modules.minutes', { count: m.durationInMinutes })}</Table.Td>
              <Table.Td>
                <Text size="sm">{m.fileName}</Text>
                <Text size="sm" c="dimmed">
                  {formatBytes(m.fileSize, i18n.language)}
                </Text>
              </Table.Td>
              <Table.Td>
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
