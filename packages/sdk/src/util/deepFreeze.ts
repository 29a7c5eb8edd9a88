/**
 * Freezes an object graph so loaded user info and configuration cannot be changed behind the loader's
 * back (spec §8: "an attempt throws" — true for every ES module, which runs in strict mode).
 */
export function deepFreeze<T>(value: T): Readonly<T> {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const key of Reflect.ownKeys(value)) {
    deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return Object.freeze(value);
}
