import type { TCertificateDesignBody, TCertificateTemplate } from '@lms/contracts/certificates';
import { useSyncExternalStore } from 'react';

// Issue 32 point 2: the unsaved look of the open certificate template, shared by the design panel above the locale
// tabs and the live preview inside each tab (the template editor keeps only the locales' texts).

const drafts = new Map<string, TCertificateDesignBody>();
const listeners = new Set<() => void>();

export const lookOfTemplate = (t: TCertificateTemplate): TCertificateDesignBody => ({
  design: t.design,
  orientation: t.orientation,
  signatories: t.signatories.map((s) => ({ name: s.name, role: s.role })),
});

export function setDesignDraft(templateId: string, draft: TCertificateDesignBody): void {
  drafts.set(templateId, draft);
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The draft look of the template, or undefined before the panel set one (the saved look then). */
export const useDesignDraft = (templateId: string): TCertificateDesignBody | undefined =>
  useSyncExternalStore(subscribe, () => drafts.get(templateId));
