import type { LEGAL_TEXT_TYPES } from '@lms/contracts/client';

export type TLegalTextType = (typeof LEGAL_TEXT_TYPES)[number];
