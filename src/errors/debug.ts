/** DEBUG=pooltop (or pooltop:*, or *) turns on details on stderr: the one rule for every part. */
export function isDebug(env: NodeJS.ProcessEnv): boolean {
  return (env.DEBUG ?? '').split(/[,\s]+/).some((d) => d === 'pooltop' || d === 'pooltop:*' || d === '*');
}
