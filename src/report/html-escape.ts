/** Text for HTML: network text cleaned to one line first (shown.ts), then `& < > " '` escaped. Pure. */
import { clean } from './shown.js';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const esc = (text: string | null | undefined): string =>
  clean(text).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
