// What the bench looks for on the screen (src/ui/pool/pool-summary.tsx, src/ui/shared/footer-text.ts).

/** The Pool tab's headline with data: "Hash rate 184 TH/s · Workers 1,234". */
export function showsPoolData(screen) {
  return /Hash rate [\d.,]+ [kMGTPE]?H\/s/.test(screen) && /Workers [\d,]+/.test(screen);
}

/** The Sub-accounts footer once the page of rows `first`–`last` is on screen (not "… loading"). */
export function showsRows(first, last) {
  const text = `rows ${first}–${last} ·`;
  return (screen) => screen.includes(text);
}

export const KEYS = { pageDown: '\x1b[6~', pageUp: '\x1b[5~', down: '\x1b[B', up: '\x1b[A' };

const RATE = /\d[\d.,]* [kMGTPEZY]?H\/s|—/;
const WORKER_HEADER = /^\s+Worker\s+Now\s+2 h mean/;
const SPINNER = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/;

/**
 * What the Mining tab (src/ui/mining/) shows: its headline with figures, the worker rows under
 * the table's heading (and how many show their series), and any line still loading.
 */
export function miningScreen(screen) {
  const lines = screen.split('\n');
  const headline =
    /Hash rate \d[\d.,]* [kMGTPEZY]?H\/s/.test(screen) &&
    /24 h average \d/.test(screen) &&
    /Workers [\d,]+ online/.test(screen);
  const at = lines.findIndex((l) => WORKER_HEADER.test(l));
  const rows = [];
  if (at >= 0) {
    for (const line of lines.slice(at + 1)) {
      if (!/^(› | {2})\S/.test(line) || /^\s*rows \d/.test(line)) break;
      rows.push(line);
    }
  }
  const workerRows = rows.length;
  const withSeries = rows.filter((l) => RATE.test(l.slice(2).replace(/^\S+/, ''))).length;
  const loading = lines.filter((l) => /loading/i.test(l) || SPINNER.test(l)).map((l) => l.trim());
  const page = /^rows \d+–(\d+) ·/m.exec(screen);
  return {
    headline,
    /** Workers on the names page (the footer's `rows 1–N`). */
    pageRows: page ? Number(page[1]) : undefined,
    workerRows,
    withSeries,
    loading,
    complete: headline && workerRows > 0 && withSeries === workerRows && loading.length === 0,
  };
}
