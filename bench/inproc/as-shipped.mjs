// Imported first by every in-process entry: V8 as the shipped dashboard runs it. The launcher's
// flags (src/launch/v8-flags.ts: WebAssembly on Liftoff, JavaScript on the baseline tiers) before
// anything is compiled, and what main.ts changes 3 s after start (src/after-start-up.ts) at once.
import { setFlagsFromString } from 'node:v8';
import { afterStartUp } from '../../src/after-start-up.js';
import { launchFlags } from '../../src/launch/v8-flags.js';

for (const flag of launchFlags('dashboard')) setFlagsFromString(flag);
afterStartUp('dashboard');
