// Plays a seeded bot-against-bot game in the wasm build under node and
// prints its record (web/tests/wasm.rs compares it with the native build's
// and the arena's).
// usage: node node_game.mjs MODULE.wasm GAME SEED BOT...
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const Engine = new Function(readFileSync(here + '../page/glue.js', 'utf8') + '\nreturn Engine;')();
const [wasmPath, game, seed, ...bots] = process.argv.slice(2);
const engine = await Engine.create(readFileSync(wasmPath));
const fail = (what, r) => {
  console.error(what, JSON.stringify(r));
  process.exit(1);
};
let view = engine.call({ op: 'new', game, bots, seed: Number(seed) });
if (view.error) fail('new:', view);
for (let i = 0; !view.over; i++) {
  if (i > 100000) fail('no end', view);
  const r = engine.call({ op: 'think' });
  if (r.error) fail('think:', r);
  view = engine.call({ op: 'view' });
}
process.stdout.write(engine.call({ op: 'record' }).record);
