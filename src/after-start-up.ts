/**
 * What changes in V8 once start-up is over (main.ts, 3 s after start): the young generation stops
 * growing (young-generation.ts) and, for the dashboard, which lives for days, old space is watched
 * (old-generation.ts). The bench's in-process frame measurements apply the same
 * (bench/inproc/as-shipped.mjs).
 */
import type { Invocation } from './cli/mode.js';
import { keepOldGenerationTight } from './old-generation.js';
import { keepYoungGenerationSmall } from './young-generation.js';

export { YOUNG_GENERATION_FREEZE_MS as START_UP_MS } from './young-generation.js';

export function afterStartUp(kind: Invocation): void {
  keepYoungGenerationSmall();
  if (kind === 'dashboard') keepOldGenerationTight();
}
