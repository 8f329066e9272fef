import { afterEach, describe, expect, it } from 'vitest';
import { noIntegrations } from '@pool/contract/integrations';
import { visitors } from '@/lib/operating/visitor.ts';
import { startWidgets } from './start-widgets.ts';
import {
  WidgetNotConfiguredError,
  isMiningStarted,
  openSupportChat,
  reportMiningStarted,
  showMessenger,
} from './support-tools.ts';

const hash = (digit: string) => digit.repeat(64);
const chatUrl = 'https://chat.example.com/widget.js';
const messengerUrl = 'https://messenger.example.com/boot.js';
const mailUrl = 'https://mail.example.com/track.js';

/**
 * The test page's stand-ins for the widgets' scripts: "loading" one defines its global, which
 * records every call the app makes to it.
 */
function testPage(failing: string[] = []) {
  const calls: string[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push(`${name} ${JSON.stringify(args)}`);
  const globals: Record<string, () => void> = {
    [chatUrl]: () =>
      (window.supportChat = {
        identify: record('supportChat.identify'),
        auth: record('supportChat.auth'),
        track: record('supportChat.track'),
        open: record('supportChat.open'),
      }),
    [messengerUrl]: () =>
      (window.messenger = {
        boot: record('messenger.boot'),
        update: record('messenger.update'),
        shutdown: record('messenger.shutdown'),
        show: record('messenger.show'),
      }),
    [mailUrl]: () =>
      (window.emailMarketing = { activity: record('emailMarketing.activity'), track: record('emailMarketing.track') }),
  };
  const loaded: string[] = [];
  const load = (src: string) => {
    loaded.push(src);
    if (failing.includes(src)) return Promise.reject(new Error('blocked'));
    globals[src]?.();
    return Promise.resolve();
  };
  return { calls, load, loaded };
}

const all = {
  ...noIntegrations,
  support_chat: { script_url: chatUrl },
  messenger: { script_url: messengerUrl },
  email_marketing: { script_url: mailUrl },
};

const started: (() => void)[] = [];
const start = async (...args: Parameters<typeof startWidgets>) => started.push(await startWidgets(...args));

afterEach(() => {
  visitors.leave();
  started.splice(0).forEach((stop) => stop());
  reportMiningStarted(false);
  delete window.supportChat;
  delete window.messenger;
  delete window.emailMarketing;
});

describe('support widgets (spec 7)', () => {
  it('load only the configured scripts', async () => {
    const page = testPage();
    await start({ ...noIntegrations, messenger: { script_url: messengerUrl } }, undefined, page.load);
    expect(page.loaded).toEqual([messengerUrl]);
    expect(window.supportChat).toBeUndefined();
  });

  it('tell each widget who signed in with its own HMAC, mining not started', async () => {
    const page = testPage();
    visitors.identify({
      id: 'u-7',
      verification: { support_chat: hash('a'), messenger: hash('b'), email_marketing: hash('c') },
    });
    await start(all, undefined, page.load);
    expect(page.calls).toEqual([
      'supportChat.identify ["u-7"]',
      `supportChat.auth ["u-7","${hash('a')}"]`,
      `messenger.boot [{"user_id":"u-7","user_hash":"${hash('b')}","Mining Started":false}]`,
      `emailMarketing.track ["User Site Visit",{"user_id":"u-7","user_hash":"${hash('c')}"}]`,
    ]);
  });

  it("update the messenger's 'Mining Started' once the account has a worker, and shut it down at sign-out", async () => {
    const page = testPage();
    await start(all, undefined, page.load);
    visitors.identify({ id: 'u-8', verification: {} });
    reportMiningStarted(true);
    reportMiningStarted(true);
    expect(isMiningStarted()).toBe(true);
    visitors.leave();
    expect(page.calls.filter((call) => call.startsWith('messenger'))).toEqual([
      'messenger.boot [{"user_id":"u-8","Mining Started":false}]',
      'messenger.update [{"Mining Started":true}]',
      'messenger.shutdown []',
    ]);
  });

  it('keep working when one script is blocked', async () => {
    const page = testPage([chatUrl]);
    await start(all, undefined, page.load);
    visitors.identify({ id: 'u-9', verification: {} });
    expect(page.calls.some((call) => call.startsWith('messenger.boot'))).toBe(true);
    expect(() => openSupportChat()).toThrow(WidgetNotConfiguredError);
  });

  it("open the support chat and the messenger, or throw 'not configured' when their global is missing (spec 8)", async () => {
    expect(() => openSupportChat()).toThrow('support chat is not configured');
    expect(() => showMessenger()).toThrow('messenger is not configured');
    const page = testPage();
    await start(all, undefined, page.load);
    openSupportChat();
    showMessenger();
    expect(page.calls).toEqual(['supportChat.open []', 'messenger.show []']);
  });
});
