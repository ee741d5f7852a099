// Imported first by every entry that mounts the dashboard: the V8 settings pooltop's launcher
// gives the dashboard (src/launch/dashboard-heap.ts), applied before Ink and Yoga load, so frames
// are timed under the settings users run with.
import { applyDashboardHeapFlags } from '../../src/launch/dashboard-heap.js';

applyDashboardHeapFlags();
