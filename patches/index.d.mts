// Types of ./index.mjs (a plain module: the build scripts load it without a compiler).
import type { Plugin } from 'esbuild';

export const PATCHES: Record<string, () => Plugin>;
export function dependencyPatches(env?: NodeJS.ProcessEnv): Plugin[];
