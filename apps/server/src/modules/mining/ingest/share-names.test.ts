import { describe, expect, it } from 'vitest';
import { namesDictionary, namesTable } from './share-names.ts';

describe('share names numbered on one side and read on the other', () => {
  it('numbers each distinct pair once and sends its names once', () => {
    const dictionary = namesDictionary();
    const table = namesTable();
    const first = [
      dictionary.numberOf('alice_hash', 'rig-1'),
      dictionary.numberOf('alice_hash', 'rig-2'),
      dictionary.numberOf('alice_hash', 'rig-1'),
      dictionary.numberOf('bob_hash', 'rig-1'),
    ];
    expect(first).toEqual([0, 1, 0, 2]);
    const update = dictionary.drain();
    expect(update).toEqual({
      reset: false,
      from: 0,
      added: ['alice_hash', 'rig-1', 'alice_hash', 'rig-2', 'bob_hash', 'rig-1'],
    });
    table.apply(update);
    const read = table.read(Int32Array.from(first));
    expect(read.map((names) => `${names.accountName}/${names.workerName}`)).toEqual([
      'alice_hash/rig-1',
      'alice_hash/rig-2',
      'alice_hash/rig-1',
      'bob_hash/rig-1',
    ]);
    // One object per pair: what a pair's names found is remembered for all its shares.
    expect(read[0]).toBe(read[2]);

    const second = [dictionary.numberOf('bob_hash', 'rig-1'), dictionary.numberOf('carol_farm', 'farm-01')];
    expect(second).toEqual([2, 3]);
    const next = dictionary.drain();
    expect(next).toEqual({ reset: false, from: 3, added: ['carol_farm', 'farm-01'] });
    table.apply(next);
    expect(table.read(Int32Array.from(second))[0]).toBe(read[3]);
  });

  it('starts again from 0 before a batch that might not fit, and keeps what was read before', () => {
    const dictionary = namesDictionary(3);
    const table = namesTable();
    dictionary.makeRoom(2);
    const numbers = Int32Array.of(
      dictionary.numberOf('alice_hash', 'rig-1'),
      dictionary.numberOf('alice_hash', 'rig-2'),
    );
    table.apply(dictionary.drain());
    const before = table.read(numbers);

    dictionary.makeRoom(1);
    expect(dictionary.numberOf('alice_hash', 'rig-3')).toBe(2);
    table.apply(dictionary.drain());

    dictionary.makeRoom(2);
    expect(dictionary.numberOf('bob_hash', 'rig-9')).toBe(0);
    const update = dictionary.drain();
    expect(update).toEqual({ reset: true, from: 0, added: ['bob_hash', 'rig-9'] });
    table.apply(update);
    expect(table.read(Int32Array.of(0))[0]).toMatchObject({ accountName: 'bob_hash', workerName: 'rig-9' });
    expect(before[0]).toMatchObject({ accountName: 'alice_hash', workerName: 'rig-1' });
    expect(() => table.read(Int32Array.of(1))).toThrow('share names 1 were never sent');
  });
});
