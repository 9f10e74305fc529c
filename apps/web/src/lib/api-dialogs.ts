import { useSyncExternalStore } from 'react';

/**
 * Which policy dialog of ARCHITECTURE section 5 is open. The API client (outside React) opens them; the
 * dialogs component inside the router shows them and navigates on OK.
 */
export type ApiDialog = 'session-expired' | 'forbidden' | null;

let open: ApiDialog = null;
const listeners = new Set<() => void>();

export function openApiDialog(dialog: Exclude<ApiDialog, null>): void {
  // A session-expired dialog outranks a forbidden one: after it the user must sign in again anyway.
  if (open === 'session-expired') return;
  open = dialog;
  listeners.forEach((l) => l());
}

export function closeApiDialog(): void {
  open = null;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useApiDialog = (): ApiDialog => useSyncExternalStore(subscribe, () => open);
