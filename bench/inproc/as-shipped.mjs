// Imported first by every in-process entry: V8 as the shipped dashboard runs it. The launcher's
// flags (src/launch/v8-flags.ts) before any WebAssembly is compiled, and what main.ts changes
// 3 s after start (src/after-start-up.ts) at once: frames are measured on baseline-tier code,
// the dashboard's state from then on (what V8 optimised in its first 3 s it keeps, so a shipped
// dashboard can only be faster than measured here).
import { setFlagsFromString } from 'node:v8';
import { afterStartUp } from '../../src/after-start-up.js';
import { launchFlags } from '../../src/launch/v8-flags.js';

for (const flag of launchFlags('dashboard')) setFlagsFromString(flag);
afterStartUp('dashboard');
