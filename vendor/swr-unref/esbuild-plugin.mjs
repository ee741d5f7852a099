// SWR's deduping bookkeeping in every pooltop bundle (scripts/program-build.mjs): after each
// answer SWR starts a plain timer (`setTimeout(cleanupState, config.dedupingInterval)`, half a
// poll interval in the dashboard) that only forgets the finished request. Referenced, it keeps
// Node running that long after the dashboard has quit; here it is unref'd, so it never holds the
// process. The build fails if SWR no longer has that line, so an upgrade cannot drop it silently.
import { readFile } from 'node:fs/promises';

const SWR_HOOK = /[\\/]node_modules[\\/]swr[\\/]dist[\\/]use-swr-[\w-]+\.mjs$/;
export const DEDUPE_TIMER = 'setTimeout(cleanupState, config.dedupingInterval);';
const UNREFD = 'setTimeout(cleanupState, config.dedupingInterval).unref?.();';

export function swrUnref() {
  return {
    name: 'swr-unref',
    setup(build) {
      let patched = 0;
      let seen = 0;
      build.onStart(() => {
        patched = 0;
        seen = 0;
      });
      build.onLoad({ filter: SWR_HOOK }, async (args) => {
        seen++;
        const source = await readFile(args.path, 'utf8');
        const count = source.split(DEDUPE_TIMER).length - 1;
        if (count !== 1) return { contents: source, loader: 'js' };
        patched++;
        return { contents: source.replace(DEDUPE_TIMER, UNREFD), loader: 'js' };
      });
      build.onEnd((result) => {
        // Bundles without SWR (the bench's Ink hello-world) have nothing to patch.
        if (result.errors.length > 0 || seen === 0 || patched === seen) return undefined;
        return {
          errors: [
            {
              text: `vendor/swr-unref: SWR changed shape (no single \`${DEDUPE_TIMER}\`); see vendor/swr-unref/README.md`,
            },
          ],
        };
      });
    },
  };
}
