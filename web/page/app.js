// The page: a person plays a built-in bot. The page's engine keeps the
// rules (targets, a click judged, the record); the Worker's engine plays
// the bot's turns. Both are told every turn.
const $ = (id) => document.getElementById(id);
const GAME = document.body.dataset.game;
const wasm = Uint8Array.from(atob($('wasm').textContent.trim()), (c) => c.charCodeAt(0));
let engine = null;
let worker = null;
let pending = new Map();
let nextId = 0;
let view = null;
let bots = [];
let turnStart = 0;
let busy = false;
let game = 0;

function ask(request) {
  return new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    worker.postMessage(request.bytes ? { id, bytes: request.bytes } : { id, request });
  });
}

function say(text, error) {
  $('msg').textContent = text || '';
  $('msg').className = error ? 'error' : '';
}

function render() {
  const board = $('board');
  board.innerHTML = view.svg;
  const svg = board.querySelector('svg');
  const ns = 'http://www.w3.org/2000/svg';
  const g = document.createElementNS(ns, 'g');
  g.setAttribute('id', 'targets');
  const orient = $('orient').value;
  let walls = false;
  for (const t of view.targets) {
    // Walls: one direction at a time (the switch), previewed under the pointer.
    if (t.kind) {
      walls = true;
      if (t.kind !== orient) continue;
    }
    const c = document.createElementNS(ns, 'circle');
    c.setAttribute('cx', t.x);
    c.setAttribute('cy', t.y);
    c.setAttribute('r', t.r);
    c.setAttribute('class', 'target' + (t.legal ? ' legal' : '') + (t.kind ? ' wall' : ''));
    c.dataset.move = t.text;
    c.addEventListener('click', () => click(t.text));
    if (t.preview) {
      c.addEventListener('mouseenter', () => {
        const r = document.createElementNS(ns, 'rect');
        const [x, y, w, h] = t.preview;
        r.setAttribute('x', x);
        r.setAttribute('y', y);
        r.setAttribute('width', w);
        r.setAttribute('height', h);
        r.setAttribute('class', 'preview');
        r.setAttribute('id', 'preview');
        g.insertBefore(r, g.firstChild);
      });
      c.addEventListener('mouseleave', () => $('preview') && $('preview').remove());
    }
    g.appendChild(c);
  }
  $('walls').hidden = !walls;
  svg.appendChild(g);
  const list = $('turns');
  list.innerHTML = '';
  for (const t of view.turns) {
    const li = document.createElement('li');
    li.textContent = `player ${t.player}: ${t.text}` + (bots[t.player] === 'human' ? '' : ` (${Math.round(t.ms)} ms)`);
    li.className = bots[t.player] === 'human' ? 'you' : 'bot';
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
  if (view.over) {
    const you = bots.indexOf('human');
    const who = view.winner === null ? '' : view.winner === you ? ' (you win)' : ' (the bot wins)';
    $('result').textContent = view.result + who;
    document.body.dataset.state = 'over';
    $('download').disabled = false;
  } else {
    $('result').textContent = '';
    // 'your-turn' once the page is ready for a click (botTurns).
    document.body.dataset.state = 'thinking';
  }
}

async function botTurns(my) {
  while (my === game && !view.over && !view.human) {
    busy = true;
    say('the bot (' + bots[view.to_act] + ') is thinking…');
    const t0 = performance.now();
    const r = await ask({ op: 'think' });
    if (my !== game) return;
    if (r.error) {
      say(r.error, true);
      busy = false;
      return;
    }
    if (!$('first-answer').textContent) $('first-answer').textContent = (performance.now() - t0).toFixed(0);
    const v = engine.call({ op: 'play', text: r.turn.text, ms: r.turn.ms });
    if (v.error) {
      say(v.error, true);
      busy = false;
      return;
    }
    view = v;
    render();
    say('');
  }
  busy = false;
  turnStart = performance.now();
  if (my === game && !view.over) {
    if (view.hint) say(view.hint);
    document.body.dataset.state = 'your-turn';
  }
}

async function click(text) {
  if (busy || !view || view.over || !view.human) return;
  const ms = performance.now() - turnStart;
  const v = engine.call({ op: 'step', text, ms });
  if (v.error) {
    say('not legal: ' + text + ': ' + v.error, true);
    return;
  }
  view = v;
  if (!v.committed) {
    // The turn goes on (a bounce): the same person clicks again, or undoes.
    render();
    $('undo').disabled = false;
    say(view.hint || '');
    document.body.dataset.state = 'your-turn';
    return;
  }
  busy = true;
  $('undo').disabled = true;
  render();
  say('');
  await ask({ op: 'play', text: v.committed.text, ms: v.committed.ms });
  await botTurns(game);
}

function undo() {
  if (busy || !view || !view.human) return;
  view = engine.call({ op: 'undo' });
  $('undo').disabled = true;
  render();
  say('the turn is taken back');
  document.body.dataset.state = 'your-turn';
}

async function newGame() {
  const my = ++game;
  document.body.dataset.state = 'starting';
  const seat = Number($('seat').value);
  const spec = $('bot').value.trim() || 'best';
  const seed = Number($('seed').value) || 0;
  bots = Array.from({ length: Number($('players').value) }, () => spec);
  bots[seat] = 'human';
  const request = { op: 'new', game: GAME, bots, seed };
  const v = engine.call(request);
  if (v.error) {
    say(v.error, true);
    return;
  }
  // A new Worker for each game: a bot still thinking on the last one is dropped.
  if (worker) worker.terminate();
  worker = new Worker(workerUrl);
  pending = new Map();
  worker.onmessage = (e) => {
    const resolve = pending.get(e.data.id);
    pending.delete(e.data.id);
    if (resolve) resolve(e.data.answer);
  };
  await ask({ bytes: wasm });
  await ask(request);
  if (my !== game) return;
  view = v;
  $('download').disabled = true;
  $('undo').disabled = true;
  $('first-answer').textContent = '';
  render();
  say('');
  await botTurns(my);
}

function download() {
  const { record } = engine.call({ op: 'record' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([record], { type: 'application/json' }));
  a.download = `${GAME}-${$('seed').value || 0}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const workerUrl = URL.createObjectURL(
  new Blob([$('glue').textContent, $('worker').textContent], { type: 'text/javascript' }),
);

// The seats of the chosen number of players.
function seats() {
  const n = Number($('players').value);
  const was = $('seat').value;
  $('seat').innerHTML = '';
  for (let i = 0; i < n; i++) {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = `player ${i}` + (i === 0 ? ' (moves first)' : '');
    $('seat').appendChild(o);
  }
  if (Number(was) < n) $('seat').value = was;
}

function turnWall() {
  $('orient').value = $('orient').value === 'h' ? 'v' : 'h';
  if (view) render();
}

(async () => {
  seats();
  $('players').addEventListener('change', seats);
  $('orient').addEventListener('change', () => view && render());
  document.addEventListener('keydown', (e) => {
    if (e.key === 'r' && !$('walls').hidden && e.target.tagName !== 'INPUT') turnWall();
  });
  engine = await Engine.create(wasm);
  $('new').addEventListener('click', newGame);
  $('download').addEventListener('click', download);
  $('undo').addEventListener('click', undo);
  document.body.dataset.ready = 'yes';
  await newGame();
})();
