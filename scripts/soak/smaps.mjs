// Where a process's resident memory is, from /proc/PID/smaps: so a soak that grows says which
// allocator holds the growth. Anonymous mappings are grouped with the mappings adjacent to them
// (a reservation and its committed part) and classed by shape:
//   arenas  a 64 MB region on a 64 MB boundary standing alone: a malloc arena of a thread other
//           than the main one;
//   brk     [heap]: the main thread's malloc arena;
//   wasm    reservations of 1 GB or more: WebAssembly memories and their guards (a thread arena
//           that lies against one is counted here);
//   v8      the other anonymous mappings below the shared libraries: V8's heap pages and code;
//   other   the rest, above them: the arenas of V8's worker threads and libuv's pool (which
//           lie against each other and against thread stacks, so are rarely "arenas" alone),
//           thread stacks, malloc's own large mappings;
//   file    pages of the node executable and libraries.
import { readFileSync } from 'node:fs';

const ARENA = 64 * 1024 * 1024;
const WASM_RESERVATION = 1024 * 1024 * 1024;
/** Where mmap places libraries and thread stacks on x86-64 Linux; V8 picks lower addresses. */
const HIGH = 0x7e0000000000;

/** Parsed mappings: {start, end, perm, name, rss} (bytes). */
export function mappingsOf(text) {
  const maps = [];
  let cur;
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      cur = {
        start: Number.parseInt(head[1], 16),
        end: Number.parseInt(head[2], 16),
        perm: head[3],
        name: head[4].trim(),
        rss: 0,
      };
      maps.push(cur);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && cur) cur.rss = Number(rss[1]) * 1024;
  }
  return maps;
}

/** Resident bytes by class (see above). */
export function partsOf(maps) {
  const parts = { file: 0, brk: 0, arenas: 0, wasm: 0, v8: 0, other: 0 };
  let group = [];
  const flush = () => {
    if (group.length === 0) return;
    const start = group[0].start;
    const size = group.at(-1).end - start;
    const rss = group.reduce((sum, m) => sum + m.rss, 0);
    const kind =
      size === ARENA && start % ARENA === 0
        ? 'arenas'
        : size >= WASM_RESERVATION
          ? 'wasm'
          : start < HIGH
            ? 'v8'
            : 'other';
    parts[kind] += rss;
    group = [];
  };
  for (const m of maps) {
    if (m.name === '') {
      if (group.length > 0 && group.at(-1).end !== m.start) flush();
      group.push(m);
      continue;
    }
    flush();
    if (m.name === '[heap]') parts.brk += m.rss;
    else if (m.name.startsWith('/')) parts.file += m.rss;
    else parts.other += m.rss;
  }
  flush();
  return parts;
}

/** Resident bytes by class of a live process, or undefined when it is gone. */
export function residentParts(pid) {
  try {
    return partsOf(mappingsOf(readFileSync(`/proc/${pid}/smaps`, 'utf8')));
  } catch {
    return undefined;
  }
}
