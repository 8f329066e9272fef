import { useSyncExternalStore } from 'react';

/** Spec 2: the four toast types. */
export type ToastType = 'success' | 'error' | 'info' | 'default';

/** Spec 9 toast constants. */
export const toastTiming = {
  durationMs: 5000,
  removalMs: 400,
  swipeDistancePx: 80,
  swipeVelocityPxPerMs: 0.5,
} as const;

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: number;
  type: ToastType;
  title: string;
  description?: string;
  action?: ToastAction;
  durationMs: number;
  /** Set while the removal animation plays. */
  leaving: boolean;
}

export interface ToastOptions {
  description?: string;
  action?: ToastAction;
  durationMs?: number;
}

type Listener = () => void;

/** A tiny store of visible toasts; the Toaster renders it, anything can add to it. */
export function createToastStore() {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  const emit = () => listeners.forEach((listener) => listener());
  const set = (next: readonly Toast[]) => {
    toasts = next;
    emit();
  };

  function dismiss(id: number): void {
    const toast = toasts.find((item) => item.id === id);
    if (!toast || toast.leaving) return;
    clearTimeout(timers.get(id));
    set(toasts.map((item) => (item.id === id ? { ...item, leaving: true } : item)));
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id);
        set(toasts.filter((item) => item.id !== id));
      }, toastTiming.removalMs),
    );
  }

  function show(type: ToastType, title: string, options: ToastOptions = {}): number {
    const id = nextId++;
    const durationMs = options.durationMs ?? toastTiming.durationMs;
    set([
      ...toasts,
      { id, type, title, description: options.description, action: options.action, durationMs, leaving: false },
    ]);
    if (Number.isFinite(durationMs))
      timers.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      );
    return id;
  }

  return {
    show,
    dismiss,
    list: (): readonly Toast[] => toasts,
    subscribe: (listener: Listener): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

export const toastStore = createToastStore();

export const toast = {
  success: (title: string, options?: ToastOptions) => toastStore.show('success', title, options),
  error: (title: string, options?: ToastOptions) => toastStore.show('error', title, options),
  info: (title: string, options?: ToastOptions) => toastStore.show('info', title, options),
  message: (title: string, options?: ToastOptions) => toastStore.show('default', title, options),
  dismiss: (id: number) => toastStore.dismiss(id),
};

export function useToasts(store: ToastStore = toastStore): readonly Toast[] {
  return useSyncExternalStore(store.subscribe, store.list, store.list);
}
