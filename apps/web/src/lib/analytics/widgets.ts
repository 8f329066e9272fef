/**
 * The third-party widgets of spec 7, reached through the globals their scripts define. Each may be
 * absent (not configured, blocked by the browser): analytics calls are then dropped, while opening
 * the support chat or messenger throws the 'not configured' error of spec 8.
 */
interface SupportChat {
  identify?(data: Record<string, unknown>): void;
  track?(event: string, data?: Record<string, unknown>): void;
  auth?(data: Record<string, unknown>): void;
  open?(): void;
}
interface Messenger {
  (command: 'update' | 'boot' | 'shutdown' | 'show', data?: Record<string, unknown>): void;
}
interface EmailMarketing {
  activity?(name: string, data?: Record<string, unknown>): void;
  track?(event: string, data?: Record<string, unknown>): void;
}
interface ProductAnalytics {
  init?(key: string, options?: Record<string, unknown>): void;
  identify?(id: string, traits?: Record<string, unknown>): void;
  track?(event: string, data?: Record<string, unknown>): void;
}

declare global {
  interface Window {
    supportChat?: SupportChat;
    messenger?: Messenger;
    emailMarketing?: EmailMarketing;
    productAnalytics?: ProductAnalytics;
  }
}

export class WidgetNotConfiguredError extends Error {
  constructor(widget: string) {
    super(`${widget} is not configured`);
    this.name = 'WidgetNotConfiguredError';
  }
}

/** Records a user activity with the widgets that keep activities (e-mail marketing, analytics). */
export function recordActivity(name: string, data?: Record<string, unknown>): void {
  window.emailMarketing?.activity?.(name, data);
  window.productAnalytics?.track?.(name, data);
}

export function openSupportChat(): void {
  if (!window.supportChat?.open) throw new WidgetNotConfiguredError('Support chat');
  window.supportChat.open();
}

export function showMessenger(): void {
  if (!window.messenger) throw new WidgetNotConfiguredError('Messenger');
  window.messenger('show');
}
