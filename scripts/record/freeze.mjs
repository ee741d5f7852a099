// Preloaded (`node --import`) into the dashboard that scripts/record.mjs records, so that two
// recordings draw the same frames:
// - the wall clock starts at RECORD_NOW_MS and moves only when a timer fires, to the time that
//   timer was due: what the dashboard shows at a given second no longer depends on how fast the
//   machine ran (timers themselves still wait in real time);
// - crypto's random bytes and Math.random come from a PRNG seeded with 1 (the demo's tokens);
// - the embedded demo service listens on RECORD_PORT instead of an ephemeral port (the status
//   bar shows it).
import crypto from 'node:crypto';
import net from 'node:net';
import timers from 'node:timers';

let now = Number(process.env.RECORD_NOW_MS);
const PORT = Number(process.env.RECORD_PORT);

const RealDate = Date;
globalThis.Date = class extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(now);
    else super(...args);
  }
  static now() {
    return now;
  }
};

const realSetTimeout = globalThis.setTimeout;
const realSetInterval = globalThis.setInterval;
function setTimeoutAt(callback, ms, ...args) {
  const due = now + Math.max(0, Number(ms) || 0);
  return realSetTimeout(
    (...a) => {
      if (now < due) now = due;
      callback(...a);
    },
    ms,
    ...args,
  );
}
function setIntervalAt(callback, ms, ...args) {
  const step = Math.max(1, Number(ms) || 1);
  let due = now;
  return realSetInterval(
    (...a) => {
      due += step;
      if (now < due) now = due;
      callback(...a);
    },
    ms,
    ...args,
  );
}
globalThis.setTimeout = setTimeoutAt;
globalThis.setInterval = setIntervalAt;
timers.setTimeout = setTimeoutAt;
timers.setInterval = setIntervalAt;

// mulberry32
let seed = 1;
const next = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
Math.random = next;
crypto.randomBytes = (size, callback) => {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = Math.floor(next() * 256);
  if (callback) {
    queueMicrotask(() => callback(null, bytes));
    return undefined;
  }
  return bytes;
};
crypto.randomUUID = () => {
  const h = crypto.randomBytes(16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (args[0] === 0) args[0] = PORT;
  else if (typeof args[0] === 'object' && args[0] !== null && args[0].port === 0)
    args[0] = { ...args[0], port: PORT };
  return listen.apply(this, args);
};
