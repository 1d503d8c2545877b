// The ceilings for the API benchmark, same Node, same machine:
// - POST /bare: a bare Fastify route answering a constant envelope (the ratio's denominator);
// - POST /one-round-trip (only with DATABASE_URL): the same route after one named `SELECT 1` on a pool of the
//   product's size. No read that talks to the database once per request can be faster than this on this machine:
//   it is a reference row, not a target.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', async () => ({ code: '00', data: { ok: true }, message: 'success' }));
app.get('/healthz', async () => ({ ok: true }));

let pool;
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  // Named like the product's hot statements (apps/api/src/db/prepared.ts): parsed and planned once per connection.
  const statement = { name: 'bench-one-round-trip', text: 'SELECT 1 AS ok' };
  app.post('/one-round-trip', async () => {
    const { rows } = await pool.query(statement);
    return { code: '00', data: { ok: rows[0].ok === 1 }, message: 'success' };
  });
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool?.end())
    .then(() => process.exit(0));
});
