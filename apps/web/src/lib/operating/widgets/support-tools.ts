/** Spec 8: a support tool whose global is missing when the visitor opens it. */
export class WidgetNotConfiguredError extends Error {
  constructor(readonly widget: 'support chat' | 'messenger') {
    super(`${widget} is not configured`);
    this.name = 'WidgetNotConfiguredError';
  }
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
