// The notification container, a chunk of its own: lazy-parts.tsx mounts it when the first notification shows.
export { Notifications } from '@mantine/notifications';
