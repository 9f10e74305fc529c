import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { CellText, type DataColumn } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';

interface Frame {
  /** The list's path; a template's page is this path and its id. */
  path: string;
  nameHeader: string;
  updatedHeader: string;
  locale: string;
}

/**
 * The columns of a template list (certificate and mail templates): the name, linking to the template's page, first;
 * the list's own columns; when the template last changed, last.
 */
export function templateListColumns<T extends { id: string; name: string; updatedAt: string }>(
  frame: Frame,
  own: DataColumn<T>[],
): DataColumn<T>[] {
  return [
    {
      id: 'name',
      header: frame.nameHeader,
      cell: (item) => (
        <Anchor component={Link} to={`${frame.path}/${item.id}`} size="sm" fw={500}>
          <CellText text={item.name} max={260} />
        </Anchor>
      ),
    },
    ...own,
    {
      id: 'updated',
      header: frame.updatedHeader,
      nowrap: true,
      priority: 3,
      cell: (item) => formatDateTime(item.updatedAt, frame.locale),
    },
  ];
}
