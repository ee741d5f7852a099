// What every patch shares: a file that no longer has the shape a patch expects is bundled as it
// is and fails the build, so an upgrade of the package cannot drop the patch silently.
import { readFile } from 'node:fs/promises';

/** `build` fails with `text` unless `check()` holds once bundling is done. */
export function failUnless(build, check, text) {
  build.onEnd((result) => (result.errors.length > 0 || check() ? undefined : { errors: [{ text }] }));
}

/**
 * Every file matching `filter` rewritten by `rewrite(source, path)`; a file it returns undefined
 * for (not the shape expected) is bundled as it is, and the build fails with `text`.
 */
export function rewriteEach(build, filter, rewrite, text) {
  let seen = 0;
  let rewritten = 0;
  build.onStart(() => {
    seen = 0;
    rewritten = 0;
  });
  build.onLoad({ filter }, async (args) => {
    seen++;
    const source = await readFile(args.path, 'utf8');
    const contents = await rewrite(source, args.path);
    if (contents === undefined) return { contents: source, loader: 'js' };
    rewritten++;
    return { contents, loader: 'js' };
  });
  failUnless(build, () => rewritten === seen, text);
}

/** The build error of patch `file` (its name in patches/) when its package changed shape. */
export const changedShape = (file, what) => `patches/${file}: ${what}; see patches/README.md`;
