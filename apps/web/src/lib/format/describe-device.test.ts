import { describe, expect, it } from 'vitest';
import { describeDevice } from './describe-device.ts';

describe('device names of sessions', () => {
  it('names the browser and the system', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      ),
    ).toBe('Chrome on macOS');
    expect(
      describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1'),
    ).toBe('Safari on iOS');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36 Edg/126.0')).toBe(
      'Edge on Windows',
    );
  });

  it('says so when nothing is known', () => {
    expect(describeDevice(undefined)).toBe('Unknown device');
  });
});
