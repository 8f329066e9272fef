/**
 * Runs scheduled money work at start and then every `interval` ms (a minute in production): each
 * tick decides by its own clock whether anything is due. A tick never overlaps the last one, and
 * `stop` waits for the one running. `interval` 0 runs only the first tick.
 */
export function minuteTicker(work: () => Promise<void>, interval = 60_000) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  function tick(): Promise<void> {
    running ??= work().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    tick,
    start(): Promise<void> {
      if (interval > 0 && !timer) {
        timer = setInterval(() => void tick(), interval);
        timer.unref();
      }
      return tick();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type MinuteTicker = ReturnType<typeof minuteTicker>;
