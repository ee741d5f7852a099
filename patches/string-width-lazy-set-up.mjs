// string-width builds an Intl.Segmenter and its \p{RGI_Emoji} expressions in module scope; every
// command reaches it (sanitize's ASCII fallback) but calls it only for text that is not plain, so
// that set-up moves into its first call.
import { changedShape, rewriteEach } from './must-match.mjs';

const STRING_WIDTH = /[\\/]node_modules[\\/]string-width[\\/]index\.js$/;
const EXPORT = 'export default function stringWidth(';

function lazy(source) {
  const imports = source.match(/^(import [^\n]+\n)+/)?.[0] ?? '';
  const body = source.slice(imports.length);
  if (body.split(EXPORT).length !== 2 || /^\s*(import|export)\b/m.test(body.replace(EXPORT, ''))) {
    return undefined;
  }
  const inner = body.replace(EXPORT, 'function stringWidth(');
  return `${imports}let measure;\nfunction setUp() {\n${inner}\nreturn stringWidth;\n}\nexport default function stringWidth(input, options) {\n  measure ??= setUp();\n  return measure(input, options);\n}\n`;
}

export function stringWidthLazySetUp() {
  return {
    name: 'string-width-lazy-set-up',
    setup(build) {
      rewriteEach(
        build,
        STRING_WIDTH,
        lazy,
        changedShape(
          'string-width-lazy-set-up.mjs',
          'string-width changed shape (not one module with a single default export)',
        ),
      );
    },
  };
}
