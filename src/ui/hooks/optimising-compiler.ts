/**
 * The dashboard starts without V8's optimising compiler (src/launch/dashboard-heap.ts: its
 * compilations' memory and its code grew for hours). Loading a whole sub-account list is the one
 * job that needs it: sorting and searching 10,000 rows in baseline code takes 2–6× as long. So
 * the first whole-list load turns it back on for the rest of the process, which then costs the
 * memory the bench's whole-list figures show.
 */
import { setFlagsFromString } from 'node:v8';

let allowed = false;

export function allowOptimisingCompiler(): void {
  if (allowed) return;
  allowed = true;
  setFlagsFromString('--turbo-filter=*');
}
