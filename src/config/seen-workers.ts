/**
 * What pooltop remembers of a mining account's workers: the names it has seen connected and when
 * it last saw each. The Mining Pool API lists only connected names, so a worker that drops off
 * simply vanishes; remembering the names is the only way to say which one went away, and since
 * when.
 *
 * `updateSeen` is the whole rule, pure: only a complete listing (every page answered) may mark a
 * worker gone; a partial or failed one changes nothing. Times are Unix seconds.
 */

/** Names not seen for this long are forgotten, so the file stays small. */
export const SEEN_KEEP_S = 30 * 24 * 3600;
/** How long a worker is missing before workers_gone counts it (`--gone-after`'s default). */
export const GONE_AFTER_DEFAULT_S = 600;
/** Returns remembered per name: enough to say "came back" without growing. */
export const CAME_BACK_KEEP = 5;

export interface SeenWorker {
  name: string;
  firstSeen: number;
  lastSeen: number;
  /** Set while the name is missing from the complete listings since `lastSeen`. */
  gone?: boolean;
  /** When the name was listed again after being gone, newest last. */
  cameBack?: number[];
}

export interface SeenState {
  /** One entry per name, ascending by name. */
  workers: SeenWorker[];
}

/** A `workers/names` listing; `complete` only when every page was answered, the last one short. */
export interface WorkerListing {
  complete: boolean;
  names: readonly string[];
}

export const EMPTY_SEEN: SeenState = { workers: [] };

export function updateSeen(prev: SeenState, listing: WorkerListing, now: number): SeenState {
  if (!listing.complete) return prev;
  const listed = new Set(listing.names);
  const known = new Map(prev.workers.map((w) => [w.name, w]));
  const next: SeenWorker[] = [];
  for (const w of known.values()) {
    if (listed.has(w.name)) {
      const back = w.gone ? [...(w.cameBack ?? []), now].slice(-CAME_BACK_KEEP) : w.cameBack;
      next.push({
        name: w.name,
        firstSeen: w.firstSeen,
        lastSeen: Math.max(w.lastSeen, now),
        ...(back ? { cameBack: back } : {}),
      });
    } else if (now - w.lastSeen <= SEEN_KEEP_S) {
      next.push({ ...w, gone: true });
    }
  }
  for (const name of listed) {
    if (!known.has(name)) next.push({ name, firstSeen: now, lastSeen: now });
  }
  next.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { workers: next };
}

export interface GoneWorker {
  name: string;
  lastSeen: number;
  /** Seconds since the last sighting. */
  goneFor: number;
}

/** Gone workers, longest gone first. */
export function goneWorkers(state: SeenState, now: number): GoneWorker[] {
  return state.workers
    .filter((w) => w.gone)
    .map((w) => ({ name: w.name, lastSeen: w.lastSeen, goneFor: Math.max(0, now - w.lastSeen) }))
    .sort((a, b) => b.goneFor - a.goneFor || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Workers missing for `afterS` seconds or more: with 0, every worker missing from the listing
 * just made counts, even one seen in the same second.
 */
export function countGone(state: SeenState, now: number, afterS: number): number {
  return goneWorkers(state, now).filter((g) => g.goneFor >= afterS).length;
}

/** Liberal reader of a stored state: bad entries are skipped, duplicates keep the newest sighting. */
export function parseSeen(data: unknown): SeenState | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const list = (data as { workers?: unknown }).workers;
  if (!Array.isArray(list)) return undefined;
  const byName = new Map<string, SeenWorker>();
  for (const raw of list) {
    const w = toWorker(raw);
    if (!w) continue;
    const had = byName.get(w.name);
    if (!had || had.lastSeen < w.lastSeen) byName.set(w.name, w);
  }
  const workers = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { workers };
}

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function toWorker(raw: unknown): SeenWorker | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.name !== 'string' || r.name === '' || !isTime(r.lastSeen)) return undefined;
  const firstSeen = isTime(r.firstSeen) ? Math.min(r.firstSeen, r.lastSeen) : r.lastSeen;
  const back = Array.isArray(r.cameBack) ? r.cameBack.filter(isTime).slice(-CAME_BACK_KEEP) : [];
  return {
    name: r.name,
    firstSeen,
    lastSeen: r.lastSeen,
    ...(r.gone === true ? { gone: true } : {}),
    ...(back.length > 0 ? { cameBack: back } : {}),
  };
}
