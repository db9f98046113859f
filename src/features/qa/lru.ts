/** A small bounded map: the least recently set key goes first when it is full. In memory only. */
export interface Lru<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  has(key: string): boolean;
}

export function createLru<V>(max: number): Lru<V> {
  const map = new Map<string, V>();
  return {
    get: (key) => map.get(key),
    has: (key) => map.has(key),
    set(key, value) {
      map.delete(key);
      map.set(key, value);
      while (map.size > max) map.delete(map.keys().next().value!);
    },
  };
}
