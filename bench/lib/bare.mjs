// The ceiling for the API benchmark: a bare Fastify route answering a constant envelope, same Node, same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', async () => ({ code: '00', data: { ok: true }, message: 'success' }));
app.get('/healthz', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
