/**
 * Runs `run` once the browser has painted its next frame (a task queued from that frame's
 * animation callback runs after its paint); the returned function cancels it. For work a screen
 * needs soon but not for what it first shows: started with the render, it would share a phone's
 * bandwidth and main thread with that first paint.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
