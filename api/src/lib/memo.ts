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

/**
 * A pure function of an object remembered for as long as the object lives (a WeakMap). For
 * what is made from a schema as a route registers (its storable copy, its envelope, its
 * serializer): an app built again in the same process (a cluster's sibling, each test file's
 * apps) gets the same results, so nothing is compiled twice for the same schema.
 */
export function memoByObject<K extends object, V>(fn: (input: K) => V): (input: K) => V {
  const known = new WeakMap<K, V>();
  return (input: K): V => {
    if (known.has(input)) return known.get(input) as V;
    const value = fn(input);
    known.set(input, value);
    return value;
  };
}
