import { spawn } from 'node:child_process';
import { testDatabaseUrl } from '@pool/db/testing';
import type { Database } from '@pool/db/database';

/**
 * The crash tests' child processes: a money job run in a process of its own, on the test's
 * PostgreSQL database, that the test may kill with SIGKILL at a point of its choosing.
 */

/** The URL of the database a test opened: the server's, with the database name openTestDatabase chose. */
export async function urlOfTestDatabase(database: Database): Promise<string> {
  const [row] = await database.query<{ name: string }>('select current_database() as name');
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${row?.name ?? ''}`;
  return url.toString();
}

export interface ChildRun {
  /** The child script (run with tsx) and its environment, over the test process's own. */
  script: string;
  env: Record<string, string>;
  /** Kills the child once it printed this much (its output so far). */
  killOn?: (out: string) => boolean;
  /** Kills the child when this settles. */
  killWhen?: Promise<void>;
}

/** Runs the child to its end: 'killed', or the last line it printed when it exited 0. */
export function runChild({ script, env, killOn, killWhen }: ChildRun): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let killing = false;
    const kill = () => {
      if (killing) return;
      killing = true;
      child.kill('SIGKILL');
    };
    child.stdout.on('data', (data: Buffer) => {
      out += data.toString();
      if (killOn?.(out)) kill();
    });
    void killWhen?.then(kill);
    child.stderr.on('data', (data: Buffer) => (err += data.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve('killed');
      else if (code === 0) resolve(out.split('\n').filter(Boolean).at(-1) ?? '');
      else reject(new Error(`${script} exited with ${code}: ${err}`));
    });
  });
}

/**
 * Kills a chunked run once `afterChunks` chunks have committed (it prints `ready`, then `chunk`
 * per chunk), plus `delay` ms into the next: a random point inside the run, whatever the speed.
 */
export function afterChunks(kill: { afterChunks: number; delay: number }): Pick<ChildRun, 'killWhen' | 'killOn'> {
  let reached: () => void = () => {};
  const killWhen = new Promise<void>((resolve) => (reached = resolve));
  return {
    killWhen,
    killOn: (out) => {
      const chunks = out.split('\n').filter((line) => line === 'chunk').length;
      if (out.startsWith('ready\n') && chunks >= kill.afterChunks) setTimeout(reached, kill.delay);
      return false;
    },
  };
}
