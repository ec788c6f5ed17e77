/**
 * `make` asked once per key, for the life of the returned function: a request's routing engine or place
 * lookups per pool, a lookup per text within a request. Unbounded: give it a short life. Imports nothing.
 */
export function oncePer<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (made.has(key)) return made.get(key) as V;
    const value = make(key);
    made.set(key, value);
    return value;
  };
}
