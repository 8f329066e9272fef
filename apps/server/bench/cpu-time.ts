// CPU seconds spent by this process's threads and by PostgreSQL's processes on this machine,
// read from Linux's /proc: where a bench's figure is bound by the cores, this says who used them.
import { readdirSync, readFileSync } from 'node:fs';

export interface CpuTimes {
  /** The main thread: the one that aggregates shares and serves HTTP. */
  main: number;
  /** Every other thread of this process: parser threads, V8's garbage collector (the load client is a process of its own). */
  threads: number;
  /** All PostgreSQL processes of this machine, with the backends that have ended. */
  postgres: number;
}

const clockTicks = 100;

/**
 * utime + stime of one /proc stat file, in seconds, and with `reaped` the times of its children that
 * have exited: PostgreSQL's backends end when their connection closes, and without their times in
 * the postmaster's a reading after a pool closed its connections came out below the one before
 * (-81.5 s). Undefined when the file is gone or unreadable.
 */
function secondsOf(path: string, { reaped = false } = {}): { name: string; seconds: number } | undefined {
  try {
    const stat = readFileSync(path, 'utf8');
    const nameEnd = stat.lastIndexOf(')');
    const fields = stat.slice(nameEnd + 2).split(' ');
    const name = stat.slice(stat.indexOf('(') + 1, nameEnd);
    const own = Number(fields[11]) + Number(fields[12]);
    const children = reaped ? Number(fields[13]) + Number(fields[14]) : 0;
    return { name, seconds: (own + children) / clockTicks };
  } catch {
    return undefined;
  }
}

/** The times so far; undefined where /proc cannot be read (not Linux). */
export function cpuTimes(): CpuTimes | undefined {
  try {
    const times: CpuTimes = { main: 0, threads: 0, postgres: 0 };
    for (const task of readdirSync('/proc/self/task')) {
      const seconds = secondsOf(`/proc/self/task/${task}/stat`)?.seconds ?? 0;
      if (Number(task) === process.pid) times.main += seconds;
      else times.threads += seconds;
    }
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const process = secondsOf(`/proc/${pid}/stat`, { reaped: true });
      if (process?.name.startsWith('postgres')) times.postgres += process.seconds;
    }
    return times;
  } catch {
    return undefined;
  }
}

/** What each used between two readings, for a bench's line. */
export function cpuUsed(before: CpuTimes | undefined, after: CpuTimes | undefined): string {
  if (!before || !after) return 'CPU time not readable here';
  const used = (key: keyof CpuTimes) => (after[key] - before[key]).toFixed(1);
  return `CPU: main thread ${used('main')} s, its other threads ${used('threads')} s, PostgreSQL ${used('postgres')} s`;
}

/**
 * Microseconds of the main thread and of PostgreSQL for each of `requests` served between two
 * readings: what one read costs the two parts a core-bound rate is shared between. Linux counts
 * in ticks of 10 ms, so a run needs a few thousand requests for these to mean much.
 */
export function cpuPerRequest(
  before: CpuTimes | undefined,
  after: CpuTimes | undefined,
  requests: number,
): { main: string; postgres: string } | undefined {
  if (!before || !after || requests === 0) return undefined;
  const micros = (key: keyof CpuTimes) => (((after[key] - before[key]) / requests) * 1e6).toFixed(0);
  return { main: micros('main'), postgres: micros('postgres') };
}
