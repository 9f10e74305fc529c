import { Title, Typography } from '@mantine/core';
import classes from './rich-html.module.css';

/**
 * Shows HTML the server rendered and sanitised (legal texts, FAQ, About: an allow-list of tags, links only http(s)
 * and mailto, images only data:image). Nothing else may be passed here.
 */
export function RichHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography>
      <div
        data-testid={testId}
        className={classes.rich}
        style={{ overflowWrap: 'anywhere' }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Typography>
  );
}

/**
 * A page's h1 from the same server-sanitised HTML: the opening heading a legal text brings (lib/leading-heading.ts),
 * with the inline markup it may hold.
 */
export function RichTitle({ html }: { html: string }) {
  return <Title order={1} style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />;
}
