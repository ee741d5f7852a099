/** The lines screen-reader mode says for an alert and for `?`. Pure. */
import { type AlertChange, STATUS_NAME } from '../alerts/alert-state.js';
import { bindingsFor, keysLabel, type Scope } from '../keymap.js';

export type { AlertChange };

export function keyLines(scope: Scope, title: string): string[] {
  const line = (b: ReturnType<typeof bindingsFor>[number]) => `${keysLabel(b)}: ${b.description}`;
  const tabKeys = scope === 'global' || scope === 'help' ? [] : bindingsFor(scope).map(line);
  return [
    'Keys everywhere:',
    ...bindingsFor('global').map(line),
    ...(tabKeys.length ? [`Keys of the ${title} tab:`, ...tabKeys] : []),
  ];
}

export function alertLine(c: AlertChange): string {
  const what = c.to === 'ok' ? 'resolved' : STATUS_NAME[c.to];
  return `Alert ${what}: ${c.label} ${c.value} (was ${STATUS_NAME[c.from]})`;
}
