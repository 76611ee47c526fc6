// Wrapping the ORM's driver adapter objects (its connections and transactions) without copying
// them: a few members replaced, every other one the object's own.

/** `target` with some members replaced; the others are its own (methods bound to it). */
export function overriding<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, key) {
      if (Object.hasOwn(overrides, key)) return (overrides as Record<PropertyKey, unknown>)[key];
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}
