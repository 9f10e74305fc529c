import type { TUser } from '@lms/contracts/users';
import { Avatar } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetchBlob } from '../../../lib/api-client';

/**
 * The profile picture, or the initials. The picture needs the session header, which an <img src> cannot send, so
 * it is fetched as a blob (the query key changes with the user's data, so a new upload shows at once).
 */
export function UserPicture({ user }: { user: TUser }) {
  const { t } = useTranslation('users');
  const picture = useQuery({
    queryKey: ['users', 'picture', user.id, user.hasProfilePicture, user.createdAt],
    queryFn: () => apiFetchBlob(`/users/${user.id}/picture`, { skipPolicy: true }),
    enabled: user.hasProfilePicture,
    staleTime: 0,
  });
  const url = useMemo(() => (picture.data ? URL.createObjectURL(picture.data) : null), [picture.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const initials = `${user.firstName.slice(0, 1)}${user.lastName.slice(0, 1)}`.toUpperCase();
  return (
    <Avatar src={url} size="lg" radius="xl" alt={t('form.pictureOf', { name: `${user.firstName} ${user.lastName}` })}>
      {initials}
    </Avatar>
  );
}
