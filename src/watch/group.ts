/**
 * Many workers changing in one round (a site loses power, a switch comes back) make one message,
 * not hundreds: worker events of the same status, kind, account and severity become one group
 * event naming the count and the first few names. Alertmanager still gets each alert on its own
 * (it groups by its own route).
 */
import type { WatchEvent } from './event.js';

/** From this many worker events of one kind and account in a round, they are sent as one. */
export const GROUP_MIN = 3;
/** Names a group's summary spells out. */
export const GROUP_NAMES = 5;

const WHAT: Readonly<Record<string, string>> = {
  worker_offline: 'offline',
  worker_drop: 'below their usual hash rate',
};

export function groupEvents(events: readonly WatchEvent[]): WatchEvent[] {
  const groups = new Map<string, WatchEvent[]>();
  const out: (WatchEvent | string)[] = [];
  for (const e of events) {
    if (e.worker === null) {
      out.push(e);
      continue;
    }
    const key = JSON.stringify([e.status, e.kind, e.account, e.severity]);
    const list = groups.get(key);
    if (list) list.push(e);
    else {
      groups.set(key, [e]);
      out.push(key);
    }
  }
  return out.flatMap((item) => {
    if (typeof item !== 'string') return [item];
    const list = groups.get(item) ?? [];
    return list.length < GROUP_MIN ? list : [groupOf(list)];
  });
}

function groupOf(list: readonly WatchEvent[]): WatchEvent {
  const first = list[0] as WatchEvent;
  const names = list.map((e) => e.worker as string);
  const shown = names.slice(0, GROUP_NAMES).join(', ');
  const more = names.length > GROUP_NAMES ? ` and ${names.length - GROUP_NAMES} more` : '';
  const state = first.status === 'resolved' ? 'back' : (WHAT[first.kind] ?? first.kind);
  const startsAt = list.reduce((min, e) => (e.startsAt < min ? e.startsAt : min), first.startsAt);
  const { lastPresentAt, firstMissingAt, known, ...rest } = first;
  const earliest = (pick: (e: WatchEvent) => number | undefined) => {
    const times = list.map(pick).filter((t): t is number => t !== undefined);
    return times.length === 0 ? undefined : Math.min(...times);
  };
  const present = earliest((e) => e.lastPresentAt);
  const missing = earliest((e) => e.firstMissingAt);
  const sameKnown = known !== undefined && list.every((e) => e.known === known);
  return {
    ...rest,
    ...(present === undefined ? {} : { lastPresentAt: present }),
    ...(missing === undefined ? {} : { firstMissingAt: missing }),
    ...(sameKnown ? { known } : {}),
    worker: null,
    value: names.length,
    summary: `${first.account ?? 'pool'}: ${names.length} workers ${state}: ${shown}${more}`,
    startsAt,
    workers: names,
  };
}
