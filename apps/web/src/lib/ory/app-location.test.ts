import { describe, expect, it } from 'vitest';
import { appLocationOf } from './app-location.ts';

const identity = 'http://pool.test/identity';
const app = 'http://pool.test';

describe('following the identity service inside the app', () => {
  it('turns a second-factor login init into the sign-in screen with the same query', () => {
    expect(appLocationOf(`${identity}/self-service/login/browser?aal=aal2&return_to=x`, identity, app)).toBe(
      '/auth/login?aal=aal2&return_to=x',
    );
  });

  it('maps the other init endpoints to their screens', () => {
    expect(appLocationOf(`${identity}/self-service/recovery/browser`, identity, app)).toBe('/auth/recovery');
    expect(appLocationOf(`${identity}/self-service/settings/browser`, identity, app)).toBe('/settings');
  });

  it("keeps the app's own addresses and leaves foreign ones to the browser", () => {
    expect(appLocationOf('http://pool.test/settings?flow=1', identity, app)).toBe('/settings?flow=1');
    expect(appLocationOf('https://elsewhere.test/', identity, app)).toBeUndefined();
    expect(appLocationOf(`${identity}/self-service/login?flow=1`, identity, app)).toBeUndefined();
  });
});
