/**
 * The user's state directory for pooltop (token store and locks):
 * `$POOLTOP_STATE_DIR`, else `$XDG_STATE_HOME/pooltop`, else the platform default:
 * `~/.local/state/pooltop` (Linux, BSD), `~/Library/Application Support/pooltop` (macOS),
 * `%LOCALAPPDATA%\pooltop` (Windows).
 */
import { isAbsolute, join } from 'node:path';

export interface StateDirInput {
  env: NodeJS.ProcessEnv;
  home: string;
  platform?: NodeJS.Platform;
}

export function resolveStateDir({ env, home, platform = process.platform }: StateDirInput): string {
  const explicit = env.POOLTOP_STATE_DIR;
  if (explicit && isAbsolute(explicit)) return explicit;
  // The XDG spec says relative values are invalid and must be ignored.
  const xdg = env.XDG_STATE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'pooltop');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'pooltop');
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA;
    return local && isAbsolute(local) ? join(local, 'pooltop') : join(home, 'AppData', 'Local', 'pooltop');
  }
  return join(home, '.local', 'state', 'pooltop');
}
