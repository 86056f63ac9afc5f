// A request's logger is made only when the request logs: what it writes still carries the
// request id, and a request that writes nothing never makes one. No database.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { LazyChildLogger, lazyChildLogger } from '../../src/lib/lazy-logger.js';

function server() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    disableRequestLogging: true,
    childLoggerFactory: lazyChildLogger,
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/loud', async (request) => {
    request.log.info({ part: 'route' }, 'hello from the route');
    return { ok: true };
  });
  return { app, lines };
}

describe('the lazily made request logger', () => {
  test("a request's log line carries its request id and its own fields", async () => {
    const { app, lines } = server();
    const response = await app.inject({ method: 'GET', url: '/loud' });
    assert.equal(response.statusCode, 200);
    const line = lines.find((entry) => entry.msg === 'hello from the route');
    assert.ok(line, 'the route wrote its line');
    assert.equal(line.part, 'route');
    assert.equal(typeof line.reqId, 'string');
    assert.equal(line.level, 30);
    await app.close();
  });

  test('pino makes a child logger only when the request logs', () => {
    const made: unknown[] = [];
    const written: unknown[] = [];
    const child = { info: (...args: unknown[]) => written.push(args), level: 'info' };
    const parent = {
      level: 'info',
      child: (bindings: unknown) => {
        made.push(bindings);
        return child;
      },
    } as unknown as FastifyBaseLogger;
    const quiet = new LazyChildLogger(parent, { reqId: 'a' }, {});
    assert.equal(quiet.level, 'info');
    assert.deepEqual(made, [], 'reading the level makes no child');
    const loud = new LazyChildLogger(parent, { reqId: 'b' }, {});
    loud.info({ x: 1 }, 'one');
    loud.info('two');
    assert.deepEqual(made, [{ reqId: 'b' }], 'one child, made on the first line');
    assert.deepEqual(written, [[{ x: 1 }, 'one'], ['two']]);
  });
});
