import { build } from 'esbuild';
await build({ entryPoints: [process.argv[2]], bundle: true, platform: 'node', format: 'esm', outfile: process.argv[3], logLevel: 'warning', external: ['node:sqlite'], banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" } });
