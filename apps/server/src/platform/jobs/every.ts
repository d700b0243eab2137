/** A periodic task in the background; `stop` waits for a run in progress. */
export interface PeriodicTask {
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalMs`, never two runs at once (a slow run skips the ticks it overlaps).
 * The timer does not keep the process alive, and a failing run is reported, never thrown.
 */
export function every(intervalMs: number, task: () => Promise<unknown>, onError: (error: unknown) => void): PeriodicTask {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = task()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
