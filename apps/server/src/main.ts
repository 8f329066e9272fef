import cluster from 'node:cluster';
import { loadConfig } from './config/env.ts';
import { startServer, type RunningServer } from './server.ts';
import { demoPeopleWith } from './demo/people.ts';
import { runPrimary, type WorkerMessage } from './cluster/primary.ts';

const loaded = loadConfig(process.env);
if (!loaded.ok) {
  process.stderr.write(
    `The server cannot start: the configuration is not valid.\n${loaded.problems.map((line) => `  - ${line}`).join('\n')}\nSee "Configuration" in README.md.\n`,
  );
  process.exit(1);
}
const { config } = loaded;

/** DEMO_CLOCK: the pool's time starts there and runs on at real speed. */
function demoClock(start: string): () => number {
  const offset = Date.parse(start) - Date.now();
  return () => Date.now() + offset;
}

/** What the start prints: where to open the pool, and the demo's people. */
function startLines(server: RunningServer): string {
  const lines = [
    '',
    `  Pool dashboard is running. Open ${config.publicUrl}`,
    `  Database: ${server.database.description}`,
    `  API docs: ${config.publicUrl}/api/docs`,
  ];
  if (config.DEMO && server.demo === 'seeded') {
    lines.push('', '  Demo pool: sign in with any of these (DEMO=off on an empty data directory starts without them):');
    for (const person of demoPeopleWith(config.DEMO_PASSWORD))
      lines.push(
        `    ${person.email.padEnd(22)} ${person.password}   ${person.description}${person.totpSecret ? ` (TOTP secret ${person.totpSecret})` : ''}`,
      );
  } else if (config.DEMO) {
    lines.push('', '  No demo pool: it is seeded only into an empty database, and this one was not empty.');
  } else if (server.demo === 'seeded') {
    lines.push(
      '',
      '  Warning: the demo people seeded at the first start still exist. Delete them, or start on an empty',
      '  data directory, before other machines can reach this server.',
    );
  }
  return `${lines.join('\n')}\n`;
}

// With DATABASE_URL and more than one process, the primary forks the processes that serve.
const clustered = config.processes > 1;
if (clustered && cluster.isPrimary) {
  runPrimary({ processes: config.processes, print: (text) => process.stdout.write(text) });
} else {
  const tell = (message: WorkerMessage) => process.send?.(message);
  try {
    const server = await startServer(config, {
      ...(config.DEMO_CLOCK ? { clock: demoClock(config.DEMO_CLOCK) } : {}),
      ...(clustered
        ? {
            cluster: {
              onElected: () => tell({ type: 'writer', pid: process.pid }),
              onLost: (error: unknown) => {
                // Another process may be elected at any moment: stop writing now, the primary restarts this one.
                const message = error instanceof Error ? error.message : String(error);
                process.stderr.write(`Process ${process.pid} lost the writer lock (${message}); it stops.\n`);
                process.exit(1);
              },
            },
          }
        : {}),
    });
    if (clustered) tell({ type: 'ready', lines: startLines(server) });
    else process.stdout.write(`${startLines(server)}\n`);

    let closing = false;
    const shutdown = (signal: string) => {
      if (closing) return;
      closing = true;
      server.app.log.info({ signal }, 'shutting down');
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGINT', () => shutdown('SIGINT'));
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    // A worker whose primary is gone serves nobody's port any more.
    if (clustered) process.on('disconnect', () => shutdown('disconnect'));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`The server could not start: ${message}\n`);
    process.exit(1);
  }
}
