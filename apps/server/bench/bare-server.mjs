// The runtime's ceiling for the HTTP bench (bench/http.bench.ts): Fastify answering a constant
// JSON object, nothing else. PORT from the environment.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
