/**
 * What every extension point is (App Home's sections, alerts' add-ons): a list features add to at
 * registration, each entry named once and kept in its `order`; the screen that shows them knows
 * only this list, never the features.
 */
export interface ExtensionPoint<T extends { id: string; order: number }> {
  add(entry: T): void;
  /** The registered entries in `order`. */
  list(): readonly T[];
}

export function createExtensionPoint<T extends { id: string; order: number }>(what: string): ExtensionPoint<T> {
  const entries: T[] = [];
  return {
    add(entry) {
      if (entries.some((e) => e.id === entry.id)) throw new Error(`${what} ${entry.id} is registered twice`);
      entries.push(entry);
      entries.sort((a, b) => a.order - b.order);
    },
    list: () => [...entries],
  };
}
