/**
 * A paged answer holds at most the rows asked for. A server that ignores `limit` (ten thousand
 * rows for a page of 100) would otherwise size every page, and a whole-list load would hold a
 * hundred times the API's reach. The list is cut to `limit` before its rows are read, and under
 * `DEBUG=pooltop` the cut is reported like any other degradation of an answer.
 */
import type { DegradationSink } from './parse-policy.js';

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => x !== null && typeof x === 'object' && !Array.isArray(x);

/**
 * `body` with the list at `path` (e.g. `['data']`, `['data', 'workers']`) cut to `limit` items;
 * the same `body` when that list is no longer or is not there (the schema reports what is wrong).
 */
export function capList(
  body: unknown,
  path: readonly string[],
  limit: number,
  report?: DegradationSink,
): unknown {
  const [key, ...rest] = path;
  if (key === undefined || !isObject(body)) return body;
  const value = body[key];
  if (rest.length > 0) {
    const capped = capList(value, rest, limit, report && ((d) => report({ ...d, path: `${key}.${d.path}` })));
    return capped === value ? body : { ...body, [key]: capped };
  }
  if (!Array.isArray(value) || value.length <= limit) return body;
  report?.({
    path: key,
    problem: `${value.length} items where at most ${limit} were asked for; kept the first ${limit}`,
  });
  return { ...body, [key]: value.slice(0, limit) };
}
