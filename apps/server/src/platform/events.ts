import type { TClientColours } from '@lms/contracts/client';
import type { TLocale } from '@lms/contracts/constants';
import type { TCourse } from '@lms/contracts/courses';
import type { TGroupDetail } from '@lms/contracts/groups';
import type { TModuleStatus, TSuccessStatus } from '@lms/contracts/scorm-runtime';
import type { Config } from '../config';
import type { DbOrTrx } from '../db/database';
import type { Tenant } from './tenant';

// The server's in-process bus (issue 29; docs/architecture.md "Layers and events"). Features form layers; a lower
// feature never imports a higher one. When it must trigger one it publishes an event; when it must ask one a question
// it calls a port. Both are wired in one place, features/wiring.ts.
//
// Hand-written rather than an emitter library: handlers run one after another, awaited, in subscription order, and
// a handler's error rejects publish(). So a handler that writes does so in the publisher's transaction (the `trx` of
// the payload): the event and its effects commit or roll back together, as the direct calls they replaced did. Work
// that must survive a crash is enqueued as a job (platform/jobs-store.ts) by the handler, in that same transaction.

type AccountMailConfig = Pick<Config, 'port' | 'appSecret'>;
type MailTenant = Pick<Tenant, 'id' | 'name' | 'supportEmail' | 'platformDomain'>;

/** Who gets an account mail. */
export interface AccountMailRecipient {
  id: string;
  email: string | null;
  first_name: string;
  last_name: string;
  locale: string;
}

/** Every event: its name (publisher.what-happened) and payload. Each has at least one subscriber. */
export interface DomainEvents {
  /** clients: a client was created; its first ADMIN is made and invited (issue 11 point 6). */
  'client.created': {
    trx: DbOrTrx;
    config: AccountMailConfig;
    client: {
      id: string;
      name: string;
      platformDomain: string;
      supportEmail: string | null;
      admin: { email: string; firstName: string; lastName: string; locale: TLocale };
    };
  };
  /** users: users were created without a password and get an activation link (DECISIONS "initial password"). */
  'users.activation-requested': {
    trx: DbOrTrx;
    config: AccountMailConfig;
    tenant: MailTenant;
    users: readonly AccountMailRecipient[];
  };
  /** users: an administrator asked for a user's password reset (bulk action). */
  'users.password-reset-requested': {
    trx: DbOrTrx;
    config: AccountMailConfig;
    tenant: MailTenant;
    user: AccountMailRecipient & { email: string };
  };
  /** groups: users joined or left groups (trainings assigned to the groups follow). */
  'groups.membership-changed': {
    trx: DbOrTrx;
    clientId: string;
    groupIds: readonly string[];
    userIds: readonly string[];
    /** The groups each of these users is a member of after the change (asked only when needed). */
    groupsOfUsers: (userIds: readonly string[]) => Promise<Map<string, string[]>>;
  };
  /** scorm-runtime: a learner's module status was committed for a training. */
  'module.status-committed': {
    trx: DbOrTrx;
    clientId: string;
    trainingId: string;
    userId: string;
    moduleId: string;
    status: TModuleStatus;
    /** Issue 31 point 1: the module's result as the runtime rolled it up (absent: a module without one, a PDF). */
    success?: TSuccessStatus;
    score?: { pct: number | null; raw: number | null };
    at: string;
  };
  /** trainings: users became participants of a training. */
  'training.participants-added': { trx: DbOrTrx; clientId: string; trainingId: string; userIds: readonly string[] };
  /** courses: a course's validity or renewal window changed; its trainings' due dates are computed again. */
  'course.validity-changed': { trx: DbOrTrx; clientId: string; courseId: string; actorId: string };
  /** trainings: a user's training became COMPLETED (once per user, training and cycle). */
  'training.completed': { trx: DbOrTrx; clientId: string; trainingId: string; userId: string; completedAt: string };
}

/** Every port: a question a lower feature asks a higher one, answered by exactly one provider. */
export interface DomainPorts {
  /** users: active and total users of the listed clients (the clients list). */
  'users.count-by-client': (
    db: DbOrTrx,
    clientIds: readonly string[],
    today: string,
  ) => Promise<Map<string, { active: number; total: number }>>;
  /** trainings: how many trainings assign a group (a group in use is not deleted). */
  'trainings.count-of-group': (db: DbOrTrx, clientId: string, groupId: string) => Promise<number>;
  /** trainings: the courses the groups' trainings assign (the group list). */
  'trainings.courses-of-groups': (
    db: DbOrTrx,
    clientId: string,
    groupIds: readonly string[],
    locale: TLocale,
  ) => Promise<Map<string, TGroupDetail['courses']>>;
  /** certificates: the certificate of each cycle of a user's training (issue 30 point 1: the cycle history). */
  'certificates.of-participation': (
    db: DbOrTrx,
    clientId: string,
    trainingId: string,
    userId: string,
  ) => Promise<Map<number, string>>;
  /** courses: 404 unless the client has this course. */
  'courses.assert-exists': (db: DbOrTrx, clientId: string, courseId: string) => Promise<void>;
  /** courses: 409 when a training uses the course. */
  'courses.assert-not-in-use': (db: DbOrTrx, clientId: string, courseId: string) => Promise<void>;
  /** courses: the course with its modules and files, as the edit screens show it. */
  'courses.load': (db: DbOrTrx, clientId: string, id: string, locale: TLocale) => Promise<TCourse>;
  /**
   * clients: the colours and the stored logo of a client (issue 32 point 2: certificates carry them). A port, not an
   * import: templates sits above clients, but the migrations import templates, so a direct import closes a cycle.
   */
  'clients.brand': (
    db: DbOrTrx,
    clientId: string,
  ) => Promise<{ colours: TClientColours; logo: { key: string; mime: string } | null }>;
}

type EventName = keyof DomainEvents;
type Handler<K extends EventName> = (payload: DomainEvents[K]) => Promise<void>;

const handlers = new Map<EventName, Array<Handler<never>>>();
const providers = new Map<keyof DomainPorts, unknown>();

export function subscribe<K extends EventName>(name: K, handler: Handler<K>): void {
  handlers.set(name, [...(handlers.get(name) ?? []), handler]);
}

/** Runs every handler of the event in order, each awaited; the first error rejects (and so rolls back the trx). */
export async function publish<K extends EventName>(name: K, payload: DomainEvents[K]): Promise<void> {
  const list = handlers.get(name) as Array<Handler<K>> | undefined;
  // An event nobody hears would silently drop work that used to be a direct call: fail loudly instead.
  if (!list?.length) throw new Error(`event ${name} has no subscriber (features/wiring.ts not run?)`);
  for (const handler of list) await handler(payload);
}

export function provide<K extends keyof DomainPorts>(name: K, fn: DomainPorts[K]): void {
  if (providers.has(name)) throw new Error(`port ${name} is provided twice`);
  providers.set(name, fn);
}

/** The port's function; looked up at call time, so a feature may take it at import, before the wiring has run. */
export function port<K extends keyof DomainPorts>(name: K): DomainPorts[K] {
  const call = (...args: unknown[]): unknown => {
    const fn = providers.get(name) as ((...a: unknown[]) => unknown) | undefined;
    if (!fn) throw new Error(`port ${name} has no provider (features/wiring.ts not run?)`);
    return fn(...args);
  };
  return call as DomainPorts[K];
}
