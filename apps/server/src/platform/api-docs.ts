/** The routes of the API docs (Swagger UI and the OpenAPI document, @fastify/swagger-ui under /api/docs). */
export const API_DOCS_PREFIX = '/api/docs';

/** Decided on the matched route, as the guard is, never on the raw URL. */
export const isDocsRoute = (url: string | undefined): boolean =>
  url === API_DOCS_PREFIX || !!url?.startsWith(`${API_DOCS_PREFIX}/`);
