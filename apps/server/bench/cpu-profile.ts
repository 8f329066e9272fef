// A CPU profile of this process's main thread while one part of a bench runs, summed by function
// (self time), so a bench can print where that part's time goes.
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Cost {
  /** The function and its file, or a V8 entry such as `(garbage collector)`. */
  name: string;
  /** Its share of the main thread's samples, idle included. */
  share: number;
}

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/apps\//, '');

/** The nodes of the inspector's own calls and below: stopping the profiler is sampled too. */
function inspectorNodes(profile: Profile): Set<number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const found = new Set<number>();
  const mark = (id: number) => {
    found.add(id);
    for (const child of byId.get(id)?.children ?? []) mark(child);
  };
  for (const node of profile.nodes) if (node.callFrame.url === 'node:inspector') mark(node.id);
  return found;
}

/** Self time by function, largest first; `(idle)` is the main thread waiting. */
export function selfCosts(profile: Profile): Cost[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const inspector = inspectorNodes(profile);
  const time = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id)?.callFrame;
    const delta = profile.timeDeltas[index] ?? 0;
    if (!frame || inspector.has(id)) return;
    // No line: the product runs through tsx, whose compiled lines are not the source's.
    const name = frame.url ? `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}` : frame.functionName;
    time.set(name, (time.get(name) ?? 0) + delta);
    total += delta;
  });
  return [...time]
    .map(([name, spent]) => ({ name, share: total ? spent / total : 0 }))
    .sort((a, b) => b.share - a.share);
}

/**
 * Runs `work` under the profiler and answers its result with the main thread's self costs. With
 * BENCH_PROFILE_DIR set, the whole profile is kept there as `{name}.cpuprofile`, for DevTools'
 * call tree (time spent in a function and what it calls).
 */
export async function profiled<T>(work: () => Promise<T>, name: string): Promise<{ result: T; costs: Cost[] }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    const result = await work();
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    const directory = process.env.BENCH_PROFILE_DIR;
    if (directory) await writeFile(join(directory, `${name}.cpuprofile`), JSON.stringify(profile));
    return { result, costs: selfCosts(profile) };
  } finally {
    session.disconnect();
  }
}
