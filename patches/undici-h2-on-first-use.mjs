// undici's client requires its HTTP/2 client, which loads node:http2 (slow to load), at module
// scope; here it is required when a connection negotiates HTTP/2, not at every start.
import { changedShape, rewriteEach } from './must-match.mjs';

const CLIENT = /[\\/]node_modules[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/;
const H2 = "const connectH2 = require('./client-h2.js')";
const H2_LAZY = "const connectH2 = (client, socket) => require('./client-h2.js')(client, socket)";

export function undiciH2OnFirstUse() {
  return {
    name: 'undici-h2-on-first-use',
    setup(build) {
      rewriteEach(
        build,
        CLIENT,
        (source) => (source.split(H2).length === 2 ? source.replace(H2, H2_LAZY) : undefined),
        changedShape('undici-h2-on-first-use.mjs', `undici's client changed shape (no single \`${H2}\`)`),
      );
    },
  };
}
