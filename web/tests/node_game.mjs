// Plays a seeded bot-against-bot game in the wasm build under node and
// prints its record and its analysis by mcts:iters=200, as one JSON object
// (web/tests/wasm.rs compares them with the native build's and the arena's).
// usage: [WEB_OPTIONS=JSON] node node_game.mjs MODULE.wasm GAME SEED BOT...
// (WEB_OPTIONS: the game's options, as the page sends them.)
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
const options = JSON.parse(process.env.WEB_OPTIONS || 'null');
let view = engine.call({ op: 'new', game, bots, seed: Number(seed), options });
if (view.error) fail('new:', view);
for (let i = 0; !view.over; i++) {
  if (i > 100000) fail('no end', view);
  const r = engine.call({ op: 'think' });
  if (r.error) fail('think:', r);
  view = engine.call({ op: 'view' });
}
const { record } = engine.call({ op: 'record' });
const analysis = engine.call({ op: 'analyze', bot: 'mcts:iters=200' });
if (analysis.error) fail('analyze:', analysis);
process.stdout.write(JSON.stringify({ record, plies: analysis.plies }));
