// Types of ./ink-output-redirects.mjs (a plain module: the build scripts load it without a compiler).
import type { Plugin as EsbuildPlugin } from 'esbuild';

export interface InkRedirect {
  importer: string;
  spec: string;
  to: string;
}
export const INK_REDIRECTS: InkRedirect[];
export function redirectOf(spec: string, importer: string | undefined): InkRedirect | undefined;
export function inkOutputRedirects(): EsbuildPlugin;
export function inkOutputRedirectsVite(): {
  name: string;
  enforce: 'pre';
  resolveId(source: string, importer: string | undefined): string | null;
};
