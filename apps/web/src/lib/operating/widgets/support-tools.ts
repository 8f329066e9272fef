/** Spec 8: a support tool whose global is missing when the visitor opens it. */
export class WidgetNotConfiguredError extends Error {
  constructor(readonly widget: 'support chat' | 'messenger') {
    super(`${widget} is not configured`);
    this.name = 'WidgetNotConfiguredError';
  }
}

/** How long a click on a support tool waits for the widgets' scripts before saying it is missing. */
export const widgetWaitMs = 4000;

let markStarted: () => void = () => undefined;
const started = new Promise<void>((resolve) => (markStarted = resolve));

/** Told by the widgets' start once their scripts ran or failed: a missing global is then missing for good. */
export function widgetsStarted(): void {
  markStarted();
}

/**
 * Resolves once the widgets started, or after `widgetWaitMs`. They load after the first screen, once
 * the browser is idle, so a visitor who clicks right after opening the page waits for them rather
 * than hearing that a configured tool is missing.
 */
export function widgetsReady(): Promise<void> {
  return Promise.race([started, new Promise<void>((resolve) => setTimeout(resolve, widgetWaitMs))]);
}

/** Opens the support chat; throws WidgetNotConfiguredError when its script did not define it. */
export function openSupportChat(): void {
  const chat = window.supportChat;
  if (typeof chat?.open !== 'function') throw new WidgetNotConfiguredError('support chat');
  chat.open();
}

/** Shows the messenger; throws WidgetNotConfiguredError when its script did not define it. */
export function showMessenger(): void {
  const messenger = window.messenger;
  if (typeof messenger?.show !== 'function') throw new WidgetNotConfiguredError('messenger');
  messenger.show();
}

/** Spec 9: the messenger's 'Mining Started' attribute, false until the account has a worker. */
export const miningStartedAttribute = 'Mining Started';

let miningStarted = false;

/** Tells the messenger whether the account mines now; it is told only when that changes. */
export function reportMiningStarted(started: boolean): void {
  if (started === miningStarted) return;
  miningStarted = started;
  window.messenger?.update?.({ [miningStartedAttribute]: started });
}

export function isMiningStarted(): boolean {
  return miningStarted;
}
