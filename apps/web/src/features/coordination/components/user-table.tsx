import type { TUser, TUserSort } from '@lms/contracts/users';
import { Anchor, Badge, Checkbox, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { SortHeader, type Sorting } from './sort-header';

interface Props {
  users: TUser[];
  sorting: Sorting<TUserSort>;
  selected: ReadonlySet<string>;
  allResults: boolean;
  onToggle: (id: string, on: boolean) => void;
  onTogglePage: (on: boolean) => void;
  onOpen: (id: string) => void;
}

/**
 * An address may wrap after its "@" and nowhere else: with ten columns the table would otherwise squeeze it into
 * broken pieces ("coordinator@demo.exa|mple"); too long a part makes the table scroll sideways instead.
 */
function breakAfterAt(email: string) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** The user list of /coordination/users: one page from the server, with selection for bulk actions. */
export function UserTable({ users, sorting, selected, allResults, onToggle, onTogglePage, onOpen }: Props) {
  const { t, i18n } = useTranslation('users');
  const onPage = users.filter((u) => allResults || selected.has(u.id)).length;
  const header = (column: TUserSort, label: string) => (
    <SortHeader column={column} sorting={sorting}>
      {label}
    </SortHeader>
  );
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('list.selectPage')}
                checked={users.length > 0 && onPage === users.length}
                indeterminate={onPage > 0 && onPage < users.length}
                disabled={allResults}
                onChange={(e) => onTogglePage(e.currentTarget.checked)}
              />
            </Table.Th>
            {header('name', t('fields.name'))}
            {header('email', t('fields.email'))}
            {header('username', t('fields.username'))}
            {header('personnelNumber', t('fields.personnelNumber'))}
            {header('company', t('fields.company'))}
            {header('group', t('fields.groups'))}
            {header('role', t('fields.role'))}
            {header('status', t('fields.status'))}
            {header('lastLogin', t('fields.lastLogin'))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => {
            const name = `${u.lastName}, ${u.firstName}`;
            return (
              <Table.Tr key={u.id} data-user-id={u.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('list.selectRow', { name })}
                    checked={allResults || selected.has(u.id)}
                    disabled={allResults}
                    onChange={(e) => onToggle(u.id, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => onOpen(u.id)} ta="left">
                    {name}
                  </Anchor>
                  {u.externallyManaged && (
                    <Badge size="xs" variant="outline" color="gray" c="dark.6">
                      {t('list.external')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'break-word' }}>{u.email && breakAfterAt(u.email)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'break-word' }}>{u.username}</Table.Td>
                <Table.Td>{u.personnelNumber}</Table.Td>
                <Table.Td>{u.companyName}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {u.groups.map((g) => g.name).join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>{t(`roles.${u.role}`)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={u.active ? 400 : 600}>
                    <span
                      aria-hidden
                      style={{ color: u.active ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-gray-6)' }}
                    >
                      ●{' '}
                    </span>
                    {t(u.active ? 'status.active' : 'status.inactive')}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDateTime(u.lastLoginAt, i18n.language) || t('list.never')}</Table.Td>
              </Table.Tr>
            );
          })}
          {users.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={10}>{t('list.empty')}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
