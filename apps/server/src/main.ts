import { loadConfig } from './config/env.ts';
import { startServer } from './server.ts';
import { demoPeopleWith } from './demo/people.ts';

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

try {
  const server = await startServer(config, config.DEMO_CLOCK ? { clock: demoClock(config.DEMO_CLOCK) } : {});
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
  process.stdout.write(`${lines.join('\n')}\n\n`);

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
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`The server could not start: ${message}\n`);
  process.exit(1);
}
