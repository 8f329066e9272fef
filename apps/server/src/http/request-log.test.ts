import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LeveledRequestLog, slowRequestMs } from './request-log.ts';

/** An app logging at `level` into `lines`, with a fast, a failing and a slow route. */
interface Line {
  level: number;
  msg: string;
  res?: { statusCode: number };
}

async function appLoggingAt(level: string, lines: Line[]) {
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) } },
    logController: new LeveledRequestLog(),
  });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/broken', async (_request, reply) => reply.code(503).send({ ok: false }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, slowRequestMs + 50));
    return { ok: true };
  });
  await app.ready();
  return app;
}

const pino = { debug: 20, info: 30, warn: 40 };

describe('the request log levels', () => {
  it('logs a fast success at debug only, a failure at warn and a slow success at info', async () => {
    const lines: Line[] = [];
    const app = await appLoggingAt('info', lines);
    await app.inject('/fast');
    await app.inject('/no-such-route');
    expect(lines).toEqual([]);
    await app.inject('/broken');
    await app.inject('/slow');
    expect(lines.map((line) => [line.level, line.msg, line.res?.statusCode])).toEqual([
      [pino.warn, 'request failed', 503],
      [pino.info, 'slow request', 200],
    ]);
    await app.close();
  });

  it('logs every request, once, at debug', async () => {
    const lines: Line[] = [];
    const app = await appLoggingAt('debug', lines);
    await app.inject('/fast');
    expect(lines.map((line) => [line.level, line.msg, line.res?.statusCode])).toEqual([
      [pino.debug, 'request completed', 200],
    ]);
    await app.close();
  });
});
