/**
 * The honest ceiling (issue 15, point 1): a bare Fastify server in its own process, started the way the app server
 * is (node --import tsx), answering GET /ceiling with whatever JSON was last PUT to /body. The bench points it at a
 * scenario's own answer, so "ratio" reads each figure against what HTTP and JSON alone cost on this machine.
 */
import Fastify from 'fastify';

const app = Fastify({ bodyLimit: 20 * 1024 * 1024 });
let body: unknown = { ok: true };
app.put('/body', (req) => {
  body = req.body;
  return { ok: true };
});
app.get('/ceiling', () => body);
// Exits normally on SIGTERM, so that a --cpu-prof run (bench --profile) writes its profile.
process.once('SIGTERM', () => process.exit(0));
app.listen({ port: 0, host: '127.0.0.1' }).then(
  (url) => process.stdout.write(`CEILING ${url}\n`),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
