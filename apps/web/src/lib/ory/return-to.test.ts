import { describe, expect, it } from 'vitest';
import { returnToOf } from './return-to.ts';

describe('return_to', () => {
  const origin = 'http://pool.test';

  it('keeps a page of the app, absolute for the identity service and as a path for the router', () => {
    expect(returnToOf('/workers?status=off', origin)).toEqual({
      forIdentity: 'http://pool.test/workers?status=off',
      inApp: '/workers?status=off',
    });
  });

  it('drops an address on another origin', () => {
    expect(returnToOf('https://evil.test/phish', origin)).toEqual({ forIdentity: undefined, inApp: undefined });
    expect(returnToOf('//evil.test/phish', origin)).toEqual({ forIdentity: undefined, inApp: undefined });
  });
});
