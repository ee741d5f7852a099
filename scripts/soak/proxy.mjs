// A loopback TCP proxy in front of the embedded service that can play "network gone": in
// `blackhole` mode it accepts connections and never answers (like a laptop whose network
// vanished or slept: packets go nowhere, nothing is refused), and connections it was carrying
// go silent too. When the network comes back the silent connections are dropped. The service
// behind it keeps its state (nonces, the token chain) throughout.
import { connect, createServer } from 'node:net';

export async function startProxy(targetPort) {
  let mode = 'up';
  const held = new Set();
  const live = new Set();
  const hold = (socket) => {
    held.add(socket);
    socket.on('close', () => held.delete(socket));
    socket.resume(); // read and drop
  };
  const server = createServer((client) => {
    client.on('error', () => {});
    if (mode === 'blackhole') {
      hold(client);
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    upstream.on('error', () => {});
    const pair = { client, upstream, silent: false };
    live.add(pair);
    client.on('data', (d) => pair.silent || upstream.write(d));
    upstream.on('data', (d) => pair.silent || client.write(d));
    client.on('close', () => {
      live.delete(pair);
      upstream.destroy();
    });
    upstream.on('close', () => {
      if (pair.silent) return;
      live.delete(pair);
      client.destroy();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    get mode() {
      return mode;
    },
    setMode(next) {
      mode = next;
      if (next === 'blackhole') {
        for (const pair of live) {
          pair.silent = true;
          pair.upstream.destroy();
          hold(pair.client);
        }
        live.clear();
      } else {
        for (const socket of held) socket.destroy();
        held.clear();
      }
    },
    close() {
      for (const socket of held) socket.destroy();
      for (const pair of live) pair.client.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
