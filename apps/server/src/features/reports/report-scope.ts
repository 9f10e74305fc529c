import type { TLocale } from '@lms/contracts/constants';
import type { TReportChoices, TReportFilters } from '@lms/contracts/reports';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { assertMayActOnClient } from '../clients';
import { companiesOfClient, findCompanyById } from '../companies';
import { findGroupById, findGroupsByIds, listGroupNames } from '../groups';
import { reportTrainings, type ReportTraining } from '../trainings';
import { resolveUserScope, type UserScope } from '../users';

/** What a report reads: whose rows (the scope), which trainings, and the group and company it is narrowed to. */
export interface ReportScope {
  scope: UserScope;
  /** The trainings in the scope (a coordinator: of their groups), narrowed to the training filter. */
  trainings: ReportTraining[];
  groupId: string | undefined;
  companyId: string | undefined;
  locale: TLocale;
}

/**
 * The report's client and scope (PERMISSIONS.md "reports"): the own client, or with `client` a client the actor's
 * reseller client resells (read only); a coordinator their groups. A group, company or training outside the scope
 * (another client's, a group the coordinator does not coordinate, a training not of their groups) answers 404.
 */
export async function resolveReportScope(deps: AppDeps, actor: Actor, filters: TReportFilters): Promise<ReportScope> {
  let scope: UserScope;
  if (filters.client && filters.client !== actor.clientId) {
    await assertMayActOnClient(deps.db, actor, 'reports.read', filters.client, 'read');
    scope = { clientId: filters.client, dialect: deps.dialect, actorId: actor.userId, groupIds: null };
  } else scope = await resolveUserScope(deps, actor);
  if (filters.group) {
    const group = await findGroupById(deps.db, scope.clientId, filters.group);
    if (!group || (scope.groupIds && !scope.groupIds.includes(group.id))) notFound('group');
  }
  if (filters.company && !(await findCompanyById(deps.db, scope.clientId, filters.company))) notFound('company');
  let trainings = await reportTrainings(deps.db, scope, actor.locale);
  if (filters.training) {
    trainings = trainings.filter((t) => t.id === filters.training);
    if (trainings.length === 0) notFound('training');
  }
  return { scope, trainings, groupId: filters.group, companyId: filters.company, locale: actor.locale };
}

/** GET /api/reports/choices: the filters' trainings, groups (a coordinator: theirs) and companies, by name. */
export async function getReportChoices(deps: AppDeps, actor: Actor, filters: TReportFilters): Promise<TReportChoices> {
  const { scope, trainings } = await resolveReportScope(deps, actor, { client: filters.client });
  const groups =
    scope.groupIds === null
      ? await listGroupNames(deps.db, scope.clientId)
      : await findGroupsByIds(deps.db, scope.clientId, scope.groupIds);
  const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
  return {
    trainings: byName(trainings.map((t) => ({ id: t.id, name: t.title }))),
    groups: byName(groups.map((g) => ({ id: g.id, name: g.name }))),
    companies: await companiesOfClient(deps.db, scope.clientId),
  };
}
