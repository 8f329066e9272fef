import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('../migrations/', import.meta.url);

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', folder), 'utf8')) as { entries: JournalEntry[] };

// drizzle applies a migration only when its `when` is later than the newest one a database has
// applied, so a migration listed after another but dated before it is skipped on an existing pool.
describe('the migration journal', () => {
  it('dates every migration after the one before it', () => {
    journal.entries.forEach((entry, position) => {
      expect(entry.idx).toBe(position);
      if (position > 0) expect(entry.when).toBeGreaterThan(journal.entries[position - 1]!.when);
    });
  });

  it('lists every SQL file of the folder once, in the order of its number', () => {
    const files = readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
  });
});
