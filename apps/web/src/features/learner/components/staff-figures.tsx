import type { THomeFigure, THomeFigures } from '@lms/contracts/home';
import { Paper, SimpleGrid, Text, ThemeIcon, Group } from '@mantine/core';
import { IconAlertTriangle, IconBook2, IconCalendarEvent, IconMailOff, IconUsers } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './staff-figures.module.css';

interface FigureSpec {
  key: THomeFigure;
  to: string;
  Icon: ComponentType<{ size?: number; stroke?: number }>;
  /** A figure above zero that needs someone's attention shows in red. */
  alarm?: boolean;
}

const FIGURES: FigureSpec[] = [
  { key: 'courses', to: '/content/courses', Icon: IconBook2 },
  { key: 'activeUsers', to: '/coordination/users', Icon: IconUsers },
  { key: 'openTrainings', to: '/coordination/trainings', Icon: IconCalendarEvent },
  { key: 'overdueParticipants', to: '/coordination/trainings', Icon: IconAlertTriangle, alarm: true },
  { key: 'failedMails24h', to: '/content/mail-queue', Icon: IconMailOff, alarm: true },
];

/**
 * The staff home's figures as cards, each a link to the list behind it. A figure the role
 * may not see (null) is left out; the courses link goes to the course list only for whoever may manage courses.
 */
export function StaffFigures({ figures, courseListLink }: { figures: THomeFigures; courseListLink: boolean }) {
  const { t, i18n } = useTranslation('learner', { keyPrefix: 'staffHome' });
  const number = new Intl.NumberFormat(i18n.language);
  const shown = FIGURES.filter((f) => figures[f.key] !== null);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(shown.length, 5) }} spacing="sm">
      {shown.map(({ key, to, Icon, alarm }) => {
        const value = figures[key] ?? 0;
        const red = alarm && value > 0;
        const linked = key !== 'courses' || courseListLink;
        const body = (
          <>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text size="sm" c="dimmed" fw={500}>
                  {t(`figures.${key}`)}
                </Text>
                <Text fz={32} fw={650} lh={1.2} c={red ? 'red.9' : undefined} data-figure={key}>
                  {number.format(value)}
                </Text>
              </div>
              <ThemeIcon variant="light" color={red ? 'red' : 'primary'} size={40} radius="md" aria-hidden>
                <Icon size={24} stroke={1.6} />
              </ThemeIcon>
            </Group>
            <Text size="xs" c="dimmed" mt={6}>
              {t(`figures.${key}Hint`)}
            </Text>
          </>
        );
        return linked ? (
          <Paper key={key} withBorder radius="md" p="md" component={Link} to={to} className={classes.link}>
            {body}
          </Paper>
        ) : (
          <Paper key={key} withBorder radius="md" p="md">
            {body}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
