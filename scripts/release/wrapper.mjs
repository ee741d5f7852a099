// bin/pooltop of the release archive: a POSIX sh launcher that runs the Node.js shipped beside it
// (lib/node), whatever `node` is on PATH, and gives it on its command line the V8 settings of the
// process it starts that V8 leaves out of its code caches' check (src/launch/dashboard-heap.ts's
// COMMAND_LINE_V8_FLAGS); src/launch/entry.ts sets the rest as Node's own start-up ends, as under a
// plain `node`: on the command line they would make Node compile its own modules from source. The
// settings and the words that tell the processes apart are written in from pooltop's own source
// (./table.mjs) when the archive is built; src/launch/service-exec.ts gives the allocator's for
// the services.
//
// Which process: the first word that names a command, skipping the values of flags that take
// one (as src/commands/support/mode.ts does); none is the dashboard. A word it takes wrongly costs
// only speed: entry.ts then sets what is missing, as it does under a plain `node`.
//
// Its own cost: ~1 ms CPU, 2–5 ms on the clock on a busy machine, ~1 ms more through a symbolic link
// (readlink). The tree's canonical name is worth its subshell: node takes `..` in the bundle's
// path by name, which is wrong where a directory on the way is a symbolic link.

/** A word for sh, in single quotes. */
const shQuote = (word) => `'${word.replace(/'/g, `'\\''`)}'`;

/** `node`: how the launcher starts lib/node (the build runs an arm64 tree's through qemu-user). */
export function wrapperScript(table, valueFlags, node = '"$root/lib/node"') {
  const {
    COMMAND_NAMES,
    AT_START_V8_FLAGS,
    AFTER_START_UP_V8_FLAGS,
    COMMAND_LINE_V8_FLAGS,
    SERVICE_V8_FLAGS,
    SERVICE_MALLOC_ENV,
    STARTED_AGAIN,
  } = table;
  const onCommandLine = (flags) =>
    flags
      .filter((flag) => COMMAND_LINE_V8_FLAGS.includes(flag))
      .map(shQuote)
      .join(' ');
  const services = ['watch', 'exporter'];
  const commands = COMMAND_NAMES.filter((name) => !services.includes(name));
  const malloc = Object.entries(SERVICE_MALLOC_ENV);
  return `#!/bin/sh
# pooltop's launcher, made by scripts/release/wrapper.mjs: runs the Node.js beside it (lib/node)
# with the V8 settings of the process it starts that stay off V8's code-cache check
# (src/launch/dashboard-heap.ts); pooltop sets the others itself.
set -e
self=$0
# /usr/bin/pooltop is a symbolic link to /usr/lib/pooltop/bin/pooltop: follow it to the tree.
# Shell built-ins only but readlink, found also where PATH lacks it.
case $self in */*) ;; *) self=./$self ;; esac
while [ -L "$self" ]; do
  link=$(PATH=\${PATH:+$PATH:}/usr/bin:/bin; readlink "$self")
  case $link in
    /*) self=$link ;;
    *) self=\${self%/*}/$link ;;
  esac
done
root=$(cd "\${self%/*}/.." && pwd -P)

kind=dashboard
skip=
# --version first is answered from the commands' bundle (mode.ts).
case \${1-} in --version|-V) kind=command; skip=all ;; esac
for arg in "$@"; do
  [ "$skip" = all ] && break
  if [ -n "$skip" ]; then
    skip=
    case $arg in -*) ;; *) continue ;; esac
  fi
  case $arg in
    --) break ;;
    ${services.join('|')}) kind=service; break ;;
    ${commands.join('|')}) kind=command; break ;;
    ${valueFlags.join('|')}) skip=1 ;;
    -*) ;;
    *) kind=command; break ;;
  esac
done

# --disable-sigusr1: Node would open its inspector on SIGUSR1 (docs/monitoring.md).
case $kind in
  dashboard)
    exec ${node} --disable-sigusr1 ${onCommandLine([...AT_START_V8_FLAGS, ...AFTER_START_UP_V8_FLAGS])} "$root/dist/pooltop.cjs" "$@" ;;
  service)
    # The allocator's thresholds are read only as a process starts (src/launch/service-exec.ts):
    # set here, pooltop need not start itself again; it takes them out of its environment again.
    added=
${malloc.map(([name, value]) => `    if [ -z "\${${name}+x}" ]; then export ${name}=${shQuote(value)}; added=\${added:+$added,}${name}; fi`).join('\n')}
    if [ -n "$added" ]; then export ${STARTED_AGAIN}="$added"; fi
    exec ${node} --disable-sigusr1 ${onCommandLine(SERVICE_V8_FLAGS)} "$root/dist/pooltop.cjs" "$@" ;;
  *)
    exec ${node} --disable-sigusr1 "$root/dist/pooltop.cjs" "$@" ;;
esac
`;
}
