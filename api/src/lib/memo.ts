/**
 * A pure string function remembered for the last `max` inputs (oldest forgotten first). For
 * per-request work whose input repeats request after request, such as the hashes of a session
 * token: a browser sends the same token on every call.
 */
export function boundedMemo(fn: (input: string) => string, max: number) {
  const known = new Map<string, string>();
  return (input: string): string => {
    let value = known.get(input);
    if (value === undefined) {
      value = fn(input);
      if (known.size >= max) known.delete(known.keys().next().value as string);
      known.set(input, value);
    }
    return value;
  };
}
