import { useEffect } from 'react';
import { useCurrentClient } from './use-current-client';

/** WCAG 2.4.2: every page has a title naming the page and the client. */
export function usePageTitle(title: string): void {
  const clientName = useCurrentClient().data?.name;
  useEffect(() => {
    document.title = clientName ? `${title} – ${clientName}` : title;
  }, [title, clientName]);
}
