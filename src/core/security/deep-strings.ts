/** Walking every string inside a request body or any JSON-like value. */

export const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * A copy with every string inside plain objects and arrays passed through `clean`, except
 * the values of keys `keep` names; keys, other values and other objects (Date, Uint8Array…)
 * untouched. Iterative, so deep nesting cannot overflow the stack; shared and circular
 * references keep their shape.
 */
export function mapStringsDeep<T>(value: T, clean: (text: string) => string, keep: (key: string) => boolean = () => false): T {
  if (typeof value === 'string') return clean(value) as T;
  if (!Array.isArray(value) && !isPlainObject(value)) return value;
  const copies = new Map<object, unknown[] | Record<string, unknown>>();
  const copyOf = (source: object): unknown[] | Record<string, unknown> => {
    let copy = copies.get(source);
    if (!copy) {
      copy = Array.isArray(source) ? new Array<unknown>(source.length) : (Object.create(Object.getPrototypeOf(source)) as Record<string, unknown>);
      copies.set(source, copy);
      pending.push(source);
    }
    return copy;
  };
  const pending: object[] = [];
  const root = copyOf(value);
  for (let source = pending.pop(); source !== undefined; source = pending.pop()) {
    const copy = copies.get(source) as unknown[] | Record<string, unknown>;
    for (const key of Object.keys(source)) {
      const item = (source as Record<string, unknown>)[key];
      const cleaned = typeof item === 'string' ? (keep(key) ? item : clean(item)) : Array.isArray(item) || isPlainObject(item) ? copyOf(item) : item;
      // defineProperty, not assignment: a JSON key "__proto__" stays a plain key.
      Object.defineProperty(copy, key, { value: cleaned, enumerable: true, writable: true, configurable: true });
    }
  }
  return root as T;
}

