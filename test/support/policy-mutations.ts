/**
 * Mutations of a valid answer for the parsing-policy property tests: every optional field of an
 * answer by path, and runs that remove it, null it, or send a number as its string (a decimal
 * string as a number).
 */
import fc from 'fast-check';

export type Json = Record<string, unknown>;
export type Action = 'drop' | 'null' | 'other-form';
export type Path = (string | number)[];

/** Every optional field of `value` (nested objects and list items included), by path. */
export function optionalPaths(value: unknown, required: (path: Path) => boolean, at: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push(...optionalPaths(item, required, [...at, i]));
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const path = [...at, key];
      if (!required(path)) out.push(path);
      out.push(...optionalPaths(item, required, path));
    }
  }
  return out;
}

export function getAt(value: unknown, path: Path): unknown {
  let cur = value;
  for (const key of path) cur = (cur as Record<string | number, unknown> | undefined)?.[key];
  return cur;
}

export function otherForm(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

/** Applies the mutations in order; a path under one already removed or nulled is skipped. */
export function mutate(base: Json, mutations: [Path, Action][]): { body: Json; applied: [Path, Action][] } {
  const body = structuredClone(base);
  const applied: [Path, Action][] = [];
  for (const [path, action] of mutations) {
    const parent = getAt(body, path.slice(0, -1));
    const key = path[path.length - 1] as string | number;
    if (parent === null || typeof parent !== 'object' || !(key in parent)) continue;
    const record = parent as Record<string | number, unknown>;
    if (action === 'drop') delete record[key];
    else if (action === 'null') record[key] = null;
    else record[key] = otherForm(record[key]);
    // What was done below this path is gone with it.
    const below = (p: Path) => p.length > path.length && path.every((k, i) => p[i] === k);
    for (let i = applied.length - 1; i >= 0; i--)
      if (below((applied[i] as [Path, Action])[0])) applied.splice(i, 1);
    applied.push([path, action]);
  }
  return { body, applied };
}

/** One to six distinct mutations of `base` at `paths`. */
export const mutationsOf = (base: Json, paths: Path[]) =>
  fc.uniqueArray(
    fc.constantFrom(...paths).chain((path) => {
      const value = getAt(base, path);
      const actions: Action[] =
        otherForm(value) === value ? ['drop', 'null'] : ['drop', 'null', 'other-form'];
      return fc.tuple(fc.constant(path), fc.constantFrom(...actions));
    }),
    { minLength: 1, maxLength: 6, selector: ([path]) => path.join('.') },
  );
