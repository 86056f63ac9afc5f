/**
 * Per-key token buckets in memory (one process's view): each key may spend `burst` tokens at
 * once, refilled at `perMinute` a minute. For cheap, public writes where a per-process limit is
 * enough; sign-in throttling, which must hold across processes, lives in the database
 * (areas/auth/throttle-repository.ts).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly perMinute: number,
    /** Most keys remembered; past it the longest-idle ones are forgotten (they were refilling). */
    private readonly maxKeys = 10_000,
  ) {}

  /** Spends one token of `key`: true when there was one. */
  take(key: string, now = Date.now()): boolean {
    const bucket = this.buckets.get(key);
    const refilled = bucket
      ? Math.min(this.burst, bucket.tokens + ((now - bucket.at) * this.perMinute) / 60_000)
      : this.burst;
    // Re-inserted so the map's order is least recently used first.
    this.buckets.delete(key);
    const allowed = refilled >= 1;
    this.buckets.set(key, { tokens: allowed ? refilled - 1 : refilled, at: now });
    while (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
    return allowed;
  }

  /** Milliseconds until `key` has a token again (0 when it has one). */
  waitMs(key: string, now = Date.now()): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    const tokens = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.at) * this.perMinute) / 60_000,
    );
    return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) * 60_000) / this.perMinute);
  }
}
