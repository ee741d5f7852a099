// Ink's build/sanitize-ansi.js, which Ink does not export: the build and vitest resolve this name
// to it (../ink-output-plugins.mjs).
declare module 'ink-sanitize-ansi' {
  export default function sanitizeAnsi(text: string): string;
}
