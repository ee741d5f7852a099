/** Shell-style name patterns for `ignore`: `*` any run of characters, `?` one; nothing else is special. */
export function globMatcher(patterns: readonly string[]): (name: string) => boolean {
  if (patterns.length === 0) return () => false;
  const source = patterns
    .map((p) =>
      [...p].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[\\^$.|+()[\]{}]/g, '\\$&'))).join(''),
    )
    .join('|');
  const re = new RegExp(`^(?:${source})$`, 'su');
  return (name) => re.test(name);
}
