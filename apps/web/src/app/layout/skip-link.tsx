import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** WCAG 2.4.1: the first tab stop jumps over header and menu to the page content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className={classes.skip} href="#main-content">
      {t('skipToContent')}
    </a>
  );
}
