/** Milliseconds left until the server's deadline, counted on the device from the server's clock. */
export function remainingMs(deadline: number, serverNow: number, receivedAt: number, now: number) {
  return Math.max(0, deadline - serverNow - (now - receivedAt));
}

/** mm:ss (h:mm:ss past an hour). */
export function clock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** An ordering's items moved one place (up: -1, down: +1); unchanged at either end. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return [...items];
  const copy = [...items];
  [copy[index], copy[to]] = [copy[to] as T, copy[index] as T];
  return copy;
}
