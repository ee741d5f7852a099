/**
 * What keeps the docs from drifting: every relative link and `#anchor` of a Markdown file must
 * resolve (GitHub's heading slugs), and every file a source comment names must exist. Pure
 * functions over texts and a list of the repository's files, so a fixture can show each failing.
 */
import { posix } from 'node:path';

/** Markdown with fenced code blocks and inline code spans blanked (links there are examples). */
function prose(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line.replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
    })
    .join('\n');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text stays
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor a Markdown file has: its headings' slugs (repeats get -1, -2, …) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = githubSlug(heading[1] ?? '');
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const m of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(m[1] ?? '');
  }
  return anchors;
}

/** The link targets of a Markdown file, inline and reference style, outside code. */
export function linksOf(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  const reference = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1] ?? '');
  return [...inline, ...reference];
}

export interface MarkdownFile {
  /** Repository-relative, forward slashes. */
  path: string;
  text: string;
}

/**
 * One line for each relative link of `files` that names no file of `exists`, or an anchor the
 * Markdown file it names does not have. `read` gives another Markdown file's text (for anchors).
 */
export function brokenLinks(
  files: readonly MarkdownFile[],
  exists: (path: string) => boolean,
  read: (path: string) => string,
): string[] {
  const broken: string[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (path: string) => {
    let found = anchorCache.get(path);
    if (!found) {
      found = anchorsOf(read(path));
      anchorCache.set(path, found);
    }
    return found;
  };
  for (const file of files) {
    for (const link of linksOf(file.text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
      const [rawPath = '', anchor] = link.split('#', 2);
      const path = decodeURI(rawPath);
      const target = path === '' ? file.path : posix.normalize(posix.join(posix.dirname(file.path), path));
      const name = target.replace(/\/$/, '');
      if (!exists(name)) {
        broken.push(`${file.path}: ${link} (no ${name})`);
        continue;
      }
      if (anchor && name.endsWith('.md') && !anchors(name).has(anchor.toLowerCase())) {
        broken.push(`${file.path}: ${link} (no heading #${anchor} in ${name})`);
      }
    }
  }
  return broken;
}

/** The comments of a TypeScript or JavaScript file, as one text (strings are not comments). */
export function commentsOf(source: string): string {
  const out: string[] = [];
  const pattern = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\[\s\S]|[^`\\])*`/g;
  for (const m of source.matchAll(pattern)) if (m[0].startsWith('/')) out.push(m[0]);
  return out.join('\n');
}

/** What in a comment looks like a file of this repository: `a/b.ts`, `b-c.tsx`, `x.mjs`, `y.md`. */
export function fileNamesIn(comment: string): string[] {
  const text = comment.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ''); // URLs name other places
  const names = text.matchAll(/(?<![\w*./@-])((?:\.{1,2}\/)?(?:[\w.-]+\/)*[\w-][\w.-]*\.(?:tsx?|mjs|cjs|md))\b(?![\w/-])/g);
  return [...names].map((m) => m[1] ?? '');
}

/**
 * One line for each file name in a comment of `sources` that names no file of `repoFiles`:
 * tried relative to the comment's file, to src/, to the repository, then as the end of a path
 * of the repository (a bare name: any file so named).
 */
export function missingFileNames(sources: readonly MarkdownFile[], repoFiles: readonly string[]): string[] {
  const all = new Set(repoFiles);
  const tails = (name: string) => repoFiles.some((f) => f === name || f.endsWith(`/${name}`));
  const missing: string[] = [];
  for (const file of sources) {
    for (const name of new Set(fileNamesIn(commentsOf(file.text)))) {
      const here = posix.normalize(posix.join(posix.dirname(file.path), name));
      const tried = [here, posix.normalize(`src/${name}`), posix.normalize(name)];
      if (tried.some((p) => all.has(p))) continue;
      if (!name.startsWith('.') && tails(name)) continue;
      missing.push(`${file.path}: ${name}`);
    }
  }
  return missing;
}
