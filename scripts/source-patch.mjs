// The shape shared by the build's source patches (lazy-segmenters,
// yoga-without-fetch): an esbuild plugin that loads every file matching `filter` through
// `patch(source, path)`, which throws when the file no longer has the shape it expects.
import { readFile } from 'node:fs/promises';

export function sourcePatch(name, filter, patch) {
  return {
    name,
    setup(build) {
      build.onLoad({ filter }, async (args) => ({
        contents: patch(await readFile(args.path, 'utf8'), args.path),
        loader: 'js',
      }));
    },
  };
}
