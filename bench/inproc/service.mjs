// Entry (bundled): the embedded reference service, for the bench runner to host in its own
// process so it can read the request and connection counters (stats()).
export { startService } from '../../src/service/server.js';
