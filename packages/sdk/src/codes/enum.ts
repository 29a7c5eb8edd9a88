/**
 * Code tables as frozen objects with a strict lookup: an unknown value is a bug in the caller or a
 * server newer than the client, and both should be loud (spec §8: "No enum constant").
 */
export interface EnumEntry<V extends string | number = string | number> {
  value: V;
  label: string;
  labelEn: string;
}

export interface Enum<V extends string | number, E extends EnumEntry<V> = EnumEntry<V>> {
  readonly name: string;
  readonly entries: readonly E[];
  /** The entry for a value; throws `No enum constant <Name>.<value>` when there is none. */
  valueOf(value: V | string | number): E;
  /** The entry, or undefined, for values that may legitimately be missing. */
  find(value: V | string | number | null | undefined): E | undefined;
  has(value: unknown): boolean;
  /** The label in a locale, for tables and select options. */
  label(value: V | string | number, locale?: 'zh-CN' | 'en'): string;
}

export function enumOf<V extends string | number, E extends EnumEntry<V>>(name: string, entries: readonly E[]): Enum<V, E> {
  const frozen = Object.freeze(entries.map((entry) => Object.freeze({ ...entry })));
  // Values come back from the server as strings or numbers alike ('2' and 2 are the same stage).
  const byKey = new Map<string, E>(frozen.map((entry) => [String(entry.value), entry]));
  const find = (value: unknown) => (value === null || value === undefined ? undefined : byKey.get(String(value)));
  const valueOf = (value: V | string | number): E => {
    const entry = find(value);
    if (!entry) throw new Error(`No enum constant ${name}.${String(value)}`);
    return entry;
  };
  return Object.freeze({
    name,
    entries: frozen,
    valueOf,
    find,
    has: (value: unknown) => find(value) !== undefined,
    label: (value: V | string | number, locale: 'zh-CN' | 'en' = 'zh-CN') =>
      locale === 'en' ? valueOf(value).labelEn : valueOf(value).label,
  });
}

/** Lookup in a plain record with the same loud failure. */
export function valueOf<T>(name: string, table: Readonly<Record<string, T>>, key: string | number): T {
  if (!Object.prototype.hasOwnProperty.call(table, String(key))) throw new Error(`No enum constant ${name}.${String(key)}`);
  return table[String(key)] as T;
}
