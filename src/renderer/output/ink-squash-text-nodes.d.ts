// Ink's build/squash-text-nodes.js, which Ink does not export: the build and vitest resolve this
// name to it (patches/ink-output-redirects.mjs).
declare module 'ink-squash-text-nodes' {
  import type { DOMElement } from 'ink';
  export default function squashTextNodes(node: DOMElement): string;
}
