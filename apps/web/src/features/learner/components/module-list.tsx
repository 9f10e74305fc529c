import type { TUserTraining, TUserTrainingModule } from '@lms/contracts/trainings';
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResultBadge } from '../../../components/result-badge';
import { StatusBadge } from '../../../components/training-status-badge';
import { LockIcon } from './lock-icon';
import { formatMinutes } from '../../../lib/format';

/**
 * The modules of a training in their order, with duration and status. A locked module (DECISIONS "module
 * locking") names the module whose completion opens it instead of offering a button.
 */
export function ModuleList({ training }: { training: TUserTraining }) {
  const { t, i18n } = useTranslation('learner');
  const titleOf = (id: string | null) => training.modules.find((m) => m.id === id)?.title ?? '';
  const action = (m: TUserTrainingModule) => {
    if (m.locked)
      return (
        <Text size="sm" fw={500}>
          <LockIcon />
          {t('modules.lockedBy', { title: titleOf(m.unlockedBy) })}
        </Text>
      );
    const label = t(m.status === 'COMPLETED' ? 'modules.openAgain' : 'modules.open');
    return (
      <Button
        component={Link}
        to={`/training/${training.id}/module/${m.id}`}
        variant={m.status === 'COMPLETED' ? 'default' : 'filled'}
        aria-label={`${label}: ${m.title}`}
        style={{ flexShrink: 0 }}
      >
        {label}
      </Button>
    );
  };
  return (
    <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {training.modules.map((m, index) => (
        <Paper component="li" key={m.id} withBorder radius="md" p="md" data-module-id={m.id}>
          <Group justify="space-between" align="center" gap="md">
            <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px', minWidth: 0 }}>
              <Box
                aria-hidden
                w={32}
                h={32}
                style={{
                  flexShrink: 0,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 600,
                  background: m.locked ? 'var(--mantine-color-gray-2)' : 'var(--mantine-color-primary-light)',
                }}
              >
                {index + 1}
              </Box>
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="xs" align="center">
                  <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                    {m.title}
                  </Title>
                  <StatusBadge status={m.status} kind="module" locked={m.locked} />
                  <ResultBadge success={m.success} score={m.score} />
                </Group>
                <Text size="sm" c="dimmed">
                  {[
                    t(m.kind === 'pdf' ? 'modules.kindPdf' : 'modules.kindScorm'),
                    formatMinutes(m.durationInMinutes, i18n.language),
                    t(m.required ? 'modules.required' : 'modules.optional'),
                  ].join(' · ')}
                </Text>
              </Stack>
            </Group>
            {action(m)}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
