import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';

/** What a worker tells the primary. */
export type WorkerMessage = { type: 'ready'; lines: string } | { type: 'writer'; pid: number };

/** How long the primary waits before starting a process in place of one that died. */
const restartDelayMs = 1000;

/**
 * The primary of a cluster (DATABASE_URL, WEB_CONCURRENCY > 1): it only forks the processes that
 * serve (they share the listening port through node:cluster), starts another when one dies, and
 * passes SIGTERM/SIGINT on. Each process runs the start's one-time work under a database lock
 * (see setup-lock.ts) rather than the primary, so that servers on several machines sharing the
 * database are covered too, and the primary never opens the database. It prints the start's
 * lines once, from the first process that serves, and a line with each newly elected writer's pid.
 */
export function runPrimary(options: { processes: number; print: (text: string) => void }): void {
  const env: Record<string, string> = {};
  // The identity admin port is shared by the processes like the public one: each must accept the
  // token any other sends.
  if (!process.env.IDENTITY_ADMIN_TOKEN) env.IDENTITY_ADMIN_TOKEN = randomBytes(32).toString('base64url');
  let served = false;
  let stopping: NodeJS.Signals | undefined;

  const fork = () => {
    const worker = cluster.fork(env);
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready' && !served) {
        served = true;
        options.print(
          `${message.lines}  Processes: ${options.processes} (WEB_CONCURRENCY), one of them the writer\n\n`,
        );
      } else if (message.type === 'writer') {
        options.print(`  Writer: process ${message.pid} counts shares and runs the schedulers\n`);
      }
    });
    return worker;
  };

  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (!served && code !== 0) {
      // No process ever served: the start itself fails (the database is unreachable, say); the
      // process said why. Starting others would only repeat it.
      process.exitCode = 1;
      stop('SIGTERM');
      return;
    }
    options.print(
      `  Process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another in its place\n`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelayMs);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit();
    for (const worker of workers) worker?.process.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let index = 0; index < options.processes; index++) fork();
}
