import { z } from 'zod';

/**
 * The client settings that can be stored (issue 30 point 3: `GET /client-settings` had a table and nothing that wrote
 * it). Each is one (key, subkey) with a schema and a default; a stored value is read through its schema, and a value
 * that no longer parses (an older release's) reads as the default. Looked up through a Map, never a plain object, so
 * a key from input cannot reach Object.prototype.
 */
export interface ClientSettingDefinition<T> {
  key: string;
  subkey: string;
  schema: z.ZodType<T>;
  default: T;
  /** Who may change it beside the SUPERADMIN: the client's ADMIN (all of these are theirs today). */
  editableBy: 'ADMIN';
}

const define = <T>(key: string, subkey: string, schema: z.ZodType<T>, defaultValue: T): ClientSettingDefinition<T> => ({
  key,
  subkey,
  schema,
  default: defaultValue,
  editableBy: 'ADMIN',
});

const months = z.number().int().min(1).max(240);

export const CLIENT_SETTING = {
  /** Days an audit entry is kept (3 years by default: the German limitation period, BGB §195). */
  auditRetentionDays: define('audit', 'retentionDays', z.number().int().min(30).max(3_650), 1_095),
  /** Years a person's certificates are kept after their erasure (0: deleted with the person). */
  certificateKeepYears: define('gdpr', 'certificateKeepYears', z.number().int().min(0).max(30), 0),
  /** Months without a sign-in after which an account is deactivated (null: never). */
  inactiveDeactivateMonths: define('gdpr', 'inactiveDeactivateMonths', months.nullable(), null),
  /** Months without a sign-in after which an account is erased (null: never); at least the deactivation's. */
  inactiveEraseMonths: define('gdpr', 'inactiveEraseMonths', months.nullable(), null),
  /** Days before the deactivation or erasure that the warning mail goes out. */
  inactiveWarningDays: define('gdpr', 'inactiveWarningDays', z.number().int().min(1).max(90), 30),
  /** Issue 31 point 4: the weekday the coordinators' weekly digest goes out (ISO: 1 Monday ... 7 Sunday). */
  digestWeekday: define('digest', 'weekday', z.number().int().min(1).max(7), 1),
} as const;

export type ClientSettingName = keyof typeof CLIENT_SETTING;
export type ClientSettingValue<N extends ClientSettingName> = (typeof CLIENT_SETTING)[N]['default'];

/** (key, subkey) -> definition, for values that arrive as input. */
export const CLIENT_SETTINGS_BY_PATH: ReadonlyMap<string, ClientSettingDefinition<unknown>> = new Map(
  Object.values(CLIENT_SETTING).map((d) => [`${d.key}/${d.subkey}`, d as ClientSettingDefinition<unknown>]),
);

export const clientSettingPath = (key: string, subkey: string): string => `${key}/${subkey}`;

/** The registered settings in a fixed order: the settings screen shows them so, the GET answers them so. */
export const CLIENT_SETTING_NAMES = Object.keys(CLIENT_SETTING) as ClientSettingName[];

/** One registered setting of a client as `GET/PUT /api/client/{id}/settings` answer it. */
export const ZClientSettingValue = z.object({
  name: z.string(),
  key: z.string(),
  subkey: z.string(),
  /** The value in force: the stored one, or the default. */
  value: z.unknown(),
  default: z.unknown(),
  stored: z.boolean(),
});
export const ZClientSettingValues = z.object({ items: z.array(ZClientSettingValue) });
export type TClientSettingValues = z.infer<typeof ZClientSettingValues>;

/**
 * `PUT /api/client/{id}/settings`: the settings to store, by (key, subkey); the ones left out keep their value.
 * Each value is checked against its registered schema by the server (unknown paths are a 400).
 */
export const ZSaveClientSettingsBody = z.object({
  items: z
    .array(
      z.object({
        key: z.string().trim().min(1).max(100),
        subkey: z.string().trim().max(100),
        value: z.unknown(),
      }),
    )
    .min(1)
    .max(50),
});
export type TSaveClientSettingsBody = z.infer<typeof ZSaveClientSettingsBody>;
