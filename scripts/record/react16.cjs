// Preloaded (`node -r`) into svg-term-cli. svg-term renders with React 16 (its own copy, in
// node_modules/svg-term/node_modules), but its helpers (@stiligita/react, tag-hoc) only require
// "react" and would get the project's React 19, whose elements React 16 cannot render: they are
// pointed at svg-term's copy.
const Module = require('node:module');
const path = require('node:path');

const own = path.join(path.dirname(require.resolve('svg-term/package.json')), 'node_modules');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (/^(react|react-dom)(\/|$)/.test(request)) {
    return resolve.call(this, request, { ...parent, paths: [own] }, ...rest);
  }
  return resolve.call(this, request, parent, ...rest);
};
