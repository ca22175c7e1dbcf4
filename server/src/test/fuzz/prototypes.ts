/** Watches the built-in prototypes of the process the hub runs in: any change is a pollution. */
const watched: [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Boolean.prototype', Boolean.prototype],
];

type Picture = Map<string, PropertyDescriptor>[];

export function picturePrototypes(): Picture {
  return watched.map(([, proto]) => {
    const m = new Map<string, PropertyDescriptor>();
    for (const key of Reflect.ownKeys(proto)) if (typeof key === 'string') m.set(key, Object.getOwnPropertyDescriptor(proto, key)!);
    return m;
  });
}

const same = (a: PropertyDescriptor, b: PropertyDescriptor) => a.value === b.value && a.get === b.get && a.set === b.set;

/** What changed since `before` (e.g. "Object.prototype.AssetEntity added"), undoing it so the run goes on. */
export function pollutionSince(before: Picture): string[] {
  const found: string[] = [];
  watched.forEach(([name, proto], i) => {
    const was = before[i];
    for (const key of Reflect.ownKeys(proto)) {
      if (typeof key !== 'string') continue;
      const now = Object.getOwnPropertyDescriptor(proto, key)!;
      const old = was.get(key);
      if (!old) {
        found.push(
          `${name}.${key} added (${typeof now.value === 'object' ? JSON.stringify(now.value)?.slice(0, 80) : String(now.value).slice(0, 80)})`,
        );
        delete (proto as Record<string, unknown>)[key];
      } else if (!same(old, now)) {
        found.push(`${name}.${key} replaced`);
        Object.defineProperty(proto, key, old);
      }
    }
    for (const [key, old] of was) {
      if (!Object.prototype.hasOwnProperty.call(proto, key)) {
        found.push(`${name}.${key} removed`);
        Object.defineProperty(proto, key, old);
      }
    }
  });
  return found;
}
