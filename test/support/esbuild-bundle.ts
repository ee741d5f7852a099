/** One ESM bundle for Node, built the way the build-plugin tests need it (quiet, metafile on). */
import { type BuildOptions, build, type Metafile } from 'esbuild';

export async function bundleForTest(
  entry: string,
  outfile: string,
  extra: BuildOptions = {},
): Promise<{ metafile: Metafile }> {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
    ...extra,
  });
  if (!result.metafile) throw new Error('esbuild returned no metafile');
  return { metafile: result.metafile };
}
