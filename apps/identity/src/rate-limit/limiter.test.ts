import { describe, expect, it } from 'vitest';
import { KratosError } from '../http/errors.ts';
import { guard } from './guard.ts';
import { RateLimiter } from './limiter.ts';

const minute = 60_000;
const lockout = { limit: 5, windowMs: 10 * minute };
const perIp = { limit: 60, windowMs: minute };

/** Whether `guard` refuses the attempt with a 429. */
function refused(attempt: () => unknown): boolean {
  try {
    attempt();
    return false;
  } catch (error) {
    if (error instanceof KratosError && error.code === 429) return true;
    throw error;
  }
}

describe('rate limiter', () => {
  it('finding 8: a flood of unique keys does not lift a lockout', () => {
    const limiter = new RateLimiter(() => new Date());
    for (let attempt = 0; attempt < 6; attempt++) limiter.hit('recovery-code:id:victim', lockout);
    expect(limiter.hit('recovery-code:id:victim', lockout).allowed).toBe(false);
    for (let flood = 0; flood < 150_000; flood++)
      limiter.hit(`login:ip:10.${flood >> 16}.${(flood >> 8) & 255}.${flood & 255}`, perIp);
    expect(limiter.hit('recovery-code:id:victim', lockout).allowed).toBe(false);
  });

  it('finding 8: a flood of unique keys does not reset a count on its way to a lockout', () => {
    const limiter = new RateLimiter(() => new Date());
    for (let attempt = 0; attempt < 4; attempt++) limiter.hit('second-factor:id:victim', lockout);
    for (let flood = 0; flood < 150_000; flood++) limiter.hit(`login:ip:flood-${flood}`, perIp);
    expect(limiter.hit('second-factor:id:victim', lockout).allowed).toBe(true);
    expect(limiter.hit('second-factor:id:victim', lockout).allowed).toBe(false);
  });

  it('forgets windows once they ended', () => {
    let now = Date.now();
    const limiter = new RateLimiter(() => new Date(now));
    for (let attempt = 0; attempt < 6; attempt++) limiter.hit('key', lockout);
    now += 10 * minute;
    expect(limiter.hit('key', lockout).allowed).toBe(true);
  });

  it('finding 8: limits IPv6 clients by their /64, and IPv4-mapped addresses as IPv4', () => {
    const rt = { limiter: new RateLimiter(() => new Date()) };
    for (let host = 0; host < 60; host++)
      guard(rt, { ip: `2001:db8:1:2::${host.toString(16)}` }, 'login', perIp, lockout, undefined);
    expect(
      refused(() => guard(rt, { ip: '2001:0db8:0001:0002:ffff:ffff:ffff:ffff' }, 'login', perIp, lockout, undefined)),
    ).toBe(true);
    expect(refused(() => guard(rt, { ip: '2001:db8:1:3::1' }, 'login', perIp, lockout, undefined))).toBe(false);

    for (let attempt = 0; attempt < 60; attempt++)
      guard(rt, { ip: '::ffff:192.0.2.7' }, 'login', perIp, lockout, undefined);
    expect(refused(() => guard(rt, { ip: '192.0.2.7' }, 'login', perIp, lockout, undefined))).toBe(true);
  });
});
