import { useSyncExternalStore } from 'react';

/**
 * Spec 4: when a call fails with 'additional authentication required', the second-factor dialog
 * opens; the call is retried after success. This store connects the API client, which asks, to the
 * dialog, which answers: passed (true) or declined (false).
 */
export function createStepUpStore() {
  let pending: { resolve: (passed: boolean) => void } | undefined;
  let waiting: Promise<boolean> | undefined;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    /** Opens the dialog (once, however many calls ask at the same time) and waits for its answer. */
    request(): Promise<boolean> {
      waiting ??= new Promise<boolean>((resolve) => {
        pending = { resolve };
        emit();
      });
      return waiting;
    },
    answer(passed: boolean): void {
      const current = pending;
      pending = undefined;
      waiting = undefined;
      emit();
      current?.resolve(passed);
    },
    isOpen: (): boolean => pending !== undefined,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type StepUpStore = ReturnType<typeof createStepUpStore>;

export const stepUp = createStepUpStore();

export function useStepUpOpen(store: StepUpStore = stepUp): boolean {
  return useSyncExternalStore(store.subscribe, store.isOpen, store.isOpen);
}
