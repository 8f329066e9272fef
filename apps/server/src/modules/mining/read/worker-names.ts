import { randomBytes } from 'node:crypto';

const adjectives = ['amber', 'brisk', 'cobalt', 'dusty', 'ember', 'frosty', 'golden', 'humming', 'iron', 'jade'];
const nouns = ['badger', 'condor', 'drill', 'falcon', 'forge', 'heron', 'kiln', 'lynx', 'otter', 'quarry'];

/** Readable and unlikely to collide: two words and four hex digits, all valid in a stratum name. */
export function randomWorkerName(): string {
  const bytes = randomBytes(4);
  const adjective = adjectives[(bytes[0] ?? 0) % adjectives.length] ?? 'amber';
  const noun = nouns[(bytes[1] ?? 0) % nouns.length] ?? 'drill';
  return `${adjective}-${noun}-${bytes.subarray(2).toString('hex')}`;
}
