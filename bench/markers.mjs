// What the bench looks for on the screen (src/ui/pool/pool-summary.tsx, src/ui/accounts/footer-text.ts).

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
