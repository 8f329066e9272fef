/**
 * The third-party widgets of spec 7 that keep activities, reached through the globals their scripts
 * define. Each may be absent (not configured, blocked by the browser); its calls are then dropped.
 */
interface EmailMarketing {
  activity?(name: string, data?: Record<string, unknown>): void;
  track?(event: string, data?: Record<string, unknown>): void;
}
interface ProductAnalytics {
  init?(key: string, options?: Record<string, unknown>): void;
  identify?(id: string, traits?: Record<string, unknown>): void;
  track?(event: string, data?: Record<string, unknown>): void;
}

/** The support chat's global (spec 7): who is chatting, their HMAC, events, and opening the chat. */
export interface SupportChat {
  identify?(id: string, traits?: Record<string, unknown>): void;
  auth?(id: string, hash: string): void;
  track?(event: string, data?: Record<string, unknown>): void;
  open?(): void;
}

/** The messenger's global (spec 7): booted for a user with their HMAC, updated, shut down, shown. */
export interface Messenger {
  boot?(settings: Record<string, unknown>): void;
  update?(attributes: Record<string, unknown>): void;
  shutdown?(): void;
  show?(): void;
}

declare global {
  interface Window {
    emailMarketing?: EmailMarketing;
    productAnalytics?: ProductAnalytics;
    supportChat?: SupportChat;
    messenger?: Messenger;
  }
}

/** Records a user activity with the widgets that keep activities (e-mail marketing, analytics). */
export function recordActivity(name: string, data?: Record<string, unknown>): void {
  window.emailMarketing?.activity?.(name, data);
  window.productAnalytics?.track?.(name, data);
}
