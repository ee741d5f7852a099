// After each answer SWR starts a timer (half a poll interval in the dashboard) that only forgets
// the finished request. Referenced, it keeps Node running that long after the dashboard has quit;
// unref'd, it still runs while the dashboard runs and never holds the process.
import { changedShape, rewriteEach } from './must-match.mjs';

const SWR_HOOK = /[\\/]node_modules[\\/]swr[\\/]dist[\\/]use-swr-[\w-]+\.mjs$/;
const DEDUPE_TIMER = 'setTimeout(cleanupState, config.dedupingInterval);';
const UNREFD = 'setTimeout(cleanupState, config.dedupingInterval).unref?.();';

export function swrUnrefDedupeTimer() {
  return {
    name: 'swr-unref-dedupe-timer',
    setup(build) {
      rewriteEach(
        build,
        SWR_HOOK,
        (source) =>
          source.split(DEDUPE_TIMER).length === 2 ? source.replace(DEDUPE_TIMER, UNREFD) : undefined,
        changedShape(
          'swr-unref-dedupe-timer.mjs',
          `SWR's hook changed shape (no single \`${DEDUPE_TIMER}\`)`,
        ),
      );
    },
  };
}
