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

declare global {
  interface Window {
    emailMarketing?: EmailMarketing;
    productAnalytics?: ProductAnalytics;
  }
}

/** Records a user activity with the widgets that keep activities (e-mail marketing, analytics). */
export function recordActivity(name: string, data?: Record<string, unknown>): void {
  window.emailMarketing?.activity?.(name, data);
  window.productAnalytics?.track?.(name, data);
}
