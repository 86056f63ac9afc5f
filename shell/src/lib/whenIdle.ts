interface IdleWindow {
  requestIdleCallback?: (task: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

/**
 * Runs `task` once the browser is idle, at the latest after `timeoutMs` (a browser without
 * requestIdleCallback, e.g. Safari: after 200 ms). Returns what cancels it.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  const idle = window as IdleWindow;
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(task, { timeout: timeoutMs });
    return () => idle.cancelIdleCallback?.(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}
