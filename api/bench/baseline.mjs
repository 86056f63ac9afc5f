// The ceiling every API row is compared with: a bare Fastify JSON route, no plugins, no logger,
// in its own process like the server. Prints its address on the first line of stdout.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', async () => ({ result: false, error: null, data: { ok: true } }));
app.get('/bare', async () => ({ result: false, error: null, data: { ok: true } }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(address);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void app.close());
