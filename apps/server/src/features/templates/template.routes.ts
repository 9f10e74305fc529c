import multipart from '@fastify/multipart';
import { ZIdParams, ZOk, pageOf, type TPageQuery } from '@lms/contracts/common';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import type { TemplateKind, TemplateLocaleRowBase, TemplateRowBase } from './template-kind';
import {
  createTemplate,
  getTemplate,
  listTemplates,
  removeTemplate,
  updateTemplate,
  type NewTemplate,
} from './template.service';

/** The Fastify instance a kind's own routes are added to. */
export type TemplateApp = Parameters<FastifyPluginAsyncZod<{ deps: AppDeps }>>[0];

/** The content area's access to every template route (PERMISSIONS: content.manage). */
export const TEMPLATE_ACCESS = 'content.manage' as const;

/** A kind's API: its path (spec section 7 names one per kind), its contract's schemas, and its own further routes. */
export interface TemplateApi<Content, Template, Item, Query, Create, Update> {
  /** e.g. `/api/mail-template`. */
  path: string;
  kind: TemplateKind<TemplateRowBase, TemplateLocaleRowBase, Content, Template, Item, Query, TemplateRowBase>;
  schemas: {
    listQuery: z.ZodType<Query & TPageQuery>;
    listItem: z.ZodType<Item>;
    create: z.ZodType<Create>;
    update: z.ZodType<Update>;
    template: z.ZodType<Template>;
  };
  /** The create body as the service's input (the variant: the body's mail kind, or the kind's only one). */
  newTemplate(body: Create): NewTemplate<Content>;
  /** The kind's own routes after the common ones: its preview and its file of a locale. */
  more(app: TemplateApp, deps: AppDeps): void | Promise<void>;
}

/**
 * The common routes of a template kind, "CRUD /<kind>-template" (spec section 7, content area); the kind adds its
 * preview and file routes. The paths and their OpenAPI documents are each kind's as before (issue 29).
 */
export function templateRoutes<Content, Template, Item, Query, Create, Update extends { name?: string }>(
  api: TemplateApi<Content, Template, Item, Query, Create, Update>,
): FastifyPluginAsyncZod<{ deps: AppDeps }> {
  return async (app, { deps }) => {
    const access = TEMPLATE_ACCESS;
    const { kind, schemas, path } = api;
    // Another feature may have registered multipart for the whole app already.
    if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.get(
      path,
      { schema: { querystring: schemas.listQuery, response: { 200: pageOf(schemas.listItem) } }, config: { access } },
      (req) => listTemplates(deps, actorOf(req), kind, req.query as Query & TPageQuery),
    );

    typed.post(
      path,
      { schema: { body: schemas.create, response: { 200: schemas.template } }, config: { access } },
      (req) => createTemplate(deps, actorOf(req), kind, api.newTemplate(req.body as Create)),
    );

    typed.get(
      `${path}/:id`,
      { schema: { params: ZIdParams, response: { 200: schemas.template } }, config: { access } },
      (req) => getTemplate(deps, actorOf(req), kind, req.params.id),
    );

    typed.post(
      `${path}/:id`,
      { schema: { params: ZIdParams, body: schemas.update, response: { 200: schemas.template } }, config: { access } },
      (req) => updateTemplate(deps, actorOf(req), kind, req.params.id, req.body as Update),
    );

    typed.delete(
      `${path}/:id`,
      { schema: { params: ZIdParams, response: { 200: ZOk } }, config: { access } },
      async (req) => {
        await removeTemplate(deps, actorOf(req), kind, req.params.id);
        return { ok: true as const };
      },
    );

    await api.more(app, deps);
  };
}
