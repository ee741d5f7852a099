// Stands in for 'ink' inside src/renderer/render.tsx only (esbuild plugin in bench/bundle.mjs):
// the same Ink, but render() records the options the dashboard really uses and adds an
// onRender hook that reports Ink's own output-render time for each frame.
import { render as inkRender } from 'ink';

export * from 'ink';

export const spy = { options: undefined, renders: [] };

export function render(tree, options) {
  spy.options = { ...options, stdout: undefined, stdin: undefined, stderr: undefined };
  const onRender = options?.onRender;
  return inkRender(tree, {
    ...options,
    onRender(metrics) {
      spy.renders.push({ at: performance.now(), renderTime: metrics.renderTime });
      onRender?.(metrics);
    },
  });
}
