import { Anchor, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** The course's heading and its three screens (spec section 2: settings, modules, files). */
export function CourseNav({ courseId, title }: { courseId: string; title: string }) {
  const { t } = useTranslation('courses');
  const { pathname } = useLocation();
  const links = [
    { to: `/content/courses/${courseId}`, label: t('nav.settings') },
    { to: `/content/courses/${courseId}/modules`, label: t('nav.modules') },
    { to: `/content/courses/${courseId}/files`, label: t('nav.files') },
  ];
  return (
    <div>
      <Anchor component={Link} to="/content/courses" size="sm">
        {t('nav.back')}
      </Anchor>
      <Title order={1} mt={4}>
        {title || t('list.untitled')}
      </Title>
      <Group component="nav" aria-label={t('nav.label')} gap="lg" mt="xs">
        {links.map((link) => {
          const current = pathname === link.to;
          return (
            <Anchor
              key={link.to}
              component={Link}
              to={link.to}
              aria-current={current ? 'page' : undefined}
              fw={current ? 700 : 400}
              underline={current ? 'always' : 'hover'}
            >
              {link.label}
            </Anchor>
          );
        })}
      </Group>
    </div>
  );
}
