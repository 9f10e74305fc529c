import { z } from 'zod';
import { ZModuleKind, ZScormVersion } from './modules';

// The SCORM player and its runtime calls on the content origin (ARCHITECTURE section 6), and the launch call on the
// app origin that hands the player its token.

/** SCORM 1.2 CMIString4096 and 2004 characterstring SPM 64000 for cmi.suspend_data. */
export const SCORM12_SUSPEND_DATA_MAX = 4_096;
export const SCORM2004_SUSPEND_DATA_MAX = 64_000;
/** SCORM 1.2 cmi.core.lesson_location CMIString255 and 2004 cmi.location SPM 1000. */
export const SCORM12_LOCATION_MAX = 255;
export const SCORM2004_LOCATION_MAX = 1_000;
/**
 * How long a launch token works. It is the only credential on the content origin and rides in every URL there, so
 * it expires; a working session fits well inside it, and a new launch mints a new one.
 */
export const LAUNCH_TOKEN_TTL_MINUTES = 240;
/** The player commits on every change after this pause (scorm-again autocommit), so little waits for the unload. */
export const PLAYER_AUTOCOMMIT_SECONDS = 3;

/** Module status of one user's attempt (DECISIONS "module completion"; ARCHITECTURE section 6 maps SCORM to it). */
export const MODULE_STATUSES = ['PENDING', 'STARTED', 'COMPLETED'] as const;
export const ZModuleStatus = z.enum(MODULE_STATUSES);
export type TModuleStatus = z.infer<typeof ZModuleStatus>;
export const SUCCESS_STATUSES = ['unknown', 'passed', 'failed'] as const;
export const ZSuccessStatus = z.enum(SUCCESS_STATUSES);
export type TSuccessStatus = z.infer<typeof ZSuccessStatus>;

export const ZPreviewLaunchBody = z.object({ restart: z.boolean().default(false) }).default({ restart: false });
export const ZLaunchResult = z.object({ launchUrl: z.string(), expiresAt: z.string() });
export type TLaunchResult = z.infer<typeof ZLaunchResult>;

export const ZPreviewLaunchParams = z.object({ courseId: z.uuid(), moduleId: z.uuid() });

/** One entry of the player's table of contents (the default organization's item tree). */
export type TRuntimeTocItem = { id: string; title: string; launchable: boolean; children: TRuntimeTocItem[] };
export const ZRuntimeTocItem: z.ZodType<TRuntimeTocItem> = z.lazy(() =>
  z.object({ id: z.string(), title: z.string(), launchable: z.boolean(), children: z.array(ZRuntimeTocItem) }),
);

export const ZRuntimeLaunchable = z.object({
  itemId: z.string(),
  title: z.string(),
  /** Relative to the package root (resolved by the player against /content/<token>/) or an absolute URL. */
  href: z.string(),
  scormType: z.enum(['sco', 'asset']),
  status: ZModuleStatus,
});
export type TRuntimeLaunchable = z.infer<typeof ZRuntimeLaunchable>;

/** `GET /runtime/<token>/state`: what the player needs to start. */
export const ZRuntimeState = z.object({
  kind: ZModuleKind,
  version: ZScormVersion.nullable(),
  title: z.string(),
  preview: z.boolean(),
  toc: z.array(ZRuntimeTocItem),
  launchables: z.array(ZRuntimeLaunchable),
  startItemId: z.string(),
  /** Orders this page's commits against every other page's (stale-commit check); minted per state call. */
  session: z.string(),
  moduleStatus: ZModuleStatus,
  locale: z.string(),
});
export type TRuntimeState = z.infer<typeof ZRuntimeState>;

/** `GET /runtime/<token>/data?item=<itemId>`: the saved CMI data to load into a fresh API before framing the SCO. */
export const ZRuntimeDataQuery = z.object({ item: z.string().min(1).max(500) });
export const ZRuntimeData = z.object({ itemId: z.string(), cmi: z.record(z.string(), z.unknown()) });
export type TRuntimeData = z.infer<typeof ZRuntimeData>;

/**
 * `POST /runtime/<token>/commit`. `seq` rises with every commit of one player page (across its SCOs); `instance`
 * numbers the API objects that page created, so one SCO's session time is never added twice.
 */
export const ZRuntimeCommitBody = z.object({
  /** As the state call minted it (runtime.service newRuntimeSession): base-36 time, counter and hex. */
  session: z.string().regex(/^[0-9a-z-]{1,100}$/, 'a session id of the state call'),
  seq: z.number().int().min(1),
  instance: z.number().int().min(1),
  itemId: z.string().min(1).max(500),
  /** The scorm-again commit object's `cmi`; absent for an asset or PDF, which completes by being opened. */
  cmi: z.record(z.string(), z.unknown()).optional(),
  terminate: z.boolean().default(false),
});
export type TRuntimeCommitBody = z.input<typeof ZRuntimeCommitBody>;

/** scorm-again reads `result` and `errorCode`; a refused commit carries the data model's error number. */
export const ZRuntimeCommitResult = z.object({
  result: z.enum(['true', 'false']),
  errorCode: z.number().int(),
  moduleStatus: ZModuleStatus.optional(),
  itemStatus: ZModuleStatus.optional(),
});
export type TRuntimeCommitResult = z.infer<typeof ZRuntimeCommitResult>;
