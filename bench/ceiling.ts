import Fastify from 'fastify';

/** The ceiling: a bare Fastify route answering the same JSON, so each figure reads against what HTTP alone costs. */
export async function startCeiling(body: unknown): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify();
  app.get('/ceiling', () => body);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}
