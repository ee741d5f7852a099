// Ink's development mode (DEV=true loads React DevTools, which pooltop does not ship) is Ink's one
// use of top-level await, which a CommonJS bundle cannot have: both tests of it become `false`.
import { changedShape, rewriteEach } from './must-match.mjs';

const RECONCILER = /[\\/]node_modules[\\/]ink[\\/]build[\\/]reconciler\.js$/;
const DEV = "process.env['DEV'] === 'true'";

export function inkWithoutDevMode() {
  return {
    name: 'ink-without-dev-mode',
    setup(build) {
      rewriteEach(
        build,
        RECONCILER,
        (source) => (source.split(DEV).length === 3 ? source.replaceAll(DEV, 'false') : undefined),
        changedShape('ink-without-dev-mode.mjs', `Ink's reconciler changed shape (not two \`${DEV}\`)`),
      );
    },
  };
}
