declare const __POOLTOP_VERSION__: string | undefined;

/** Replaced at bundle time by scripts/build.mjs; `0.0.0-dev` when running from source. */
export const VERSION: string = typeof __POOLTOP_VERSION__ === 'string' ? __POOLTOP_VERSION__ : '0.0.0-dev';
