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
// The seed of the game on the page (the record's file is named after it).
let gameSeed = 0;
// Parallel Football: the round's orders, by footballer (null: none yet),
// the footballers in the order they got them (undo), the one selected,
// and the round they are for.
const FOOTBALL = GAME === 'parallel-football';
let orders = [];
let given = [];
let selected = 0;
let roundOf = -1;

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
    // Parallel Football's placement: every cell a target, shown on hover.
    c.setAttribute('class', 'target' + (FOOTBALL ? ' placement' : t.legal ? ' legal' : '') + (t.kind ? ' wall' : ''));
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
  if (FOOTBALL) drawFootball(svg);
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
    // Where the person finished: shared first places (no single winner,
    // not a draw) say whether the person is among them.
    const ranks = view.ranks || [];
    const shared = view.winner === null && ranks.some((r) => r !== ranks[0]);
    const who = shared
      ? ranks[you] === 0 ? ' (you share first place)' : ' (you lose)'
      : view.winner === null ? '' : view.winner === you ? ' (you win)' : ' (the bot wins)';
    $('result').textContent = view.result + who;
    document.body.dataset.state = 'over';
    $('download').disabled = false;
    $('analysis').hidden = false;
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
    if (!$('first-answer').textContent) {
      $('first-answer').textContent = (performance.now() - t0).toFixed(0);
      $('first-answer-line').hidden = false;
    }
    const v = engine.call({ op: 'play', text: r.turn.text, ms: r.turn.ms, player: r.turn.player });
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
  await stepped(v);
}

// A step answered: the turn goes on, or it is complete and the bots play.
async function stepped(v) {
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
  await ask({ op: 'play', text: v.committed.text, ms: v.committed.ms, player: v.committed.player });
  await botTurns(game);
}

function undo() {
  if (busy || !view || !view.human) return;
  if (footballRound()) {
    // The last order given is taken back; its footballer is selected.
    const i = given.pop();
    if (i === undefined) return;
    orders[i] = null;
    selected = i;
    redraw();
    say(`the order of footballer ${i} is taken back`);
    return;
  }
  view = engine.call({ op: 'undo' });
  $('undo').disabled = true;
  render();
  say('the turn is taken back');
  document.body.dataset.state = 'your-turn';
}

async function newGame() {
  // A new game refused (its seed, options or bots) leaves the game on the
  // page as it was: its bots still thinking, their answer still applied.
  const refuse = (text) => {
    say(text, true);
    if (!view) document.body.dataset.state = 'refused';
  };
  const seat = Number($('seat').value);
  const spec = $('bot').value.trim() || 'best';
  // A seed is a whole number the page can hold exactly (JavaScript's
  // numbers are exact up to 2^53); anything else is refused, not replaced.
  const seedText = $('seed').value.trim();
  const seed = Number(seedText);
  if (!/^[0-9]+$/.test(seedText) || !Number.isSafeInteger(seed)) {
    refuse(`seed ${JSON.stringify(seedText)}: a whole number from 0 to ${Number.MAX_SAFE_INTEGER} is needed`);
    return;
  }
  const specs = Array.from({ length: Number($('players').value) }, () => spec);
  specs[seat] = 'human';
  const request = { op: 'new', game: GAME, bots: specs, seed };
  if (FOOTBALL) {
    // The arena's --p, --k and --max-turns; a field left empty is refused.
    // A field that is no whole number is sent as typed: the engine's message names it.
    const whole = (id) => (/^[0-9]+$/.test($(id).value.trim()) ? Number($(id).value.trim()) : $(id).value);
    request.options = { p: whole('pf-p'), k: whole('pf-k'), max_turns: whole('pf-turns') };
  }
  const v = engine.call(request);
  if (v.error) {
    refuse(v.error);
    return;
  }
  const my = ++game;
  document.body.dataset.state = 'starting';
  gameSeed = seed;
  bots = specs;
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
  roundOf = -1;
  $('download').disabled = true;
  $('undo').disabled = true;
  $('analysis').hidden = true;
  $('graph').innerHTML = '';
  $('plies').innerHTML = '';
  $('ply-view').innerHTML = '';
  $('ply-caption').textContent = '';
  $('analysis-msg').textContent = '';
  $('first-answer').textContent = '';
  $('first-answer-line').hidden = true;
  render();
  say('');
  await botTurns(my);
}

function download() {
  const { record } = engine.call({ op: 'record' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([record], { type: 'application/json' }));
  a.download = `${GAME}-${gameSeed}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const workerUrl = URL.createObjectURL(
  new Blob([$('glue').textContent, $('worker').textContent], { type: 'text/javascript' }),
);

// The analysis: every ply evaluated in the Worker as `arena analyze`
// does; the graph of the values, blunders marked; a ply clicked shows its
// position with the best turn drawn.
let plies = [];
async function analyze() {
  $('analysis-msg').textContent = 'analysing…';
  $('analyze').disabled = true;
  const t0 = performance.now();
  const r = await ask({ op: 'analyze', bot: $('analysis-bot').value.trim() || 'mcts', blunder: Number($('blunder').value) });
  $('analyze').disabled = false;
  if (r.error) {
    $('analysis-msg').textContent = r.error;
    return;
  }
  plies = r.plies;
  const blunders = plies.filter((p) => p.blunder).length;
  $('analysis-msg').textContent = `${plies.length} plies in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${blunders} blunder${blunders === 1 ? '' : 's'}`;
  document.body.dataset.analysed = 'yes';
  drawGraph();
}

// A seat's value after each ply: player 0's with two players (1 minus the
// other's), the seat that played's with four.
function graphValue(p) {
  if (bots.length !== 2) return p.value_after;
  return p.player === 0 ? p.value_after : 1 - p.value_after;
}

function drawGraph() {
  const ns = 'http://www.w3.org/2000/svg';
  const g = $('graph');
  const [w, h, m] = [520, 200, 20];
  g.innerHTML = '';
  const x = (i) => m + (i * (w - 2 * m)) / Math.max(1, plies.length);
  const y = (v) => h - m - v * (h - 2 * m);
  const line = (x1, y1, x2, y2, stroke) => {
    const l = document.createElementNS(ns, 'line');
    Object.entries({ x1, y1, x2, y2, stroke }).forEach(([k, v]) => l.setAttribute(k, v));
    g.appendChild(l);
  };
  line(m, y(0.5), w - m, y(0.5), '#bbb');
  const label = document.createElementNS(ns, 'text');
  label.setAttribute('x', m);
  label.setAttribute('y', 14);
  label.setAttribute('font-size', 11);
  label.textContent = bots.length === 2 ? "player 0's value (1 a win, 0 a loss)" : "the value of the seat that played";
  g.appendChild(label);
  let last = [x(0), y(0.5)];
  plies.forEach((p, i) => {
    const pt = [x(i + 1), y(graphValue(p))];
    line(last[0], last[1], pt[0], pt[1], '#2e5c8a');
    last = pt;
  });
  plies.forEach((p, i) => {
    const c = document.createElementNS(ns, 'circle');
    c.setAttribute('cx', x(i + 1));
    c.setAttribute('cy', y(graphValue(p)));
    c.setAttribute('r', p.blunder ? 5 : 3);
    c.setAttribute('class', 'pt' + (p.blunder ? ' blunder' : ''));
    c.dataset.ply = p.ply;
    c.addEventListener('click', () => showPly(p.ply));
    g.appendChild(c);
  });
  const list = $('plies');
  list.innerHTML = '';
  for (const p of plies) {
    const li = document.createElement('li');
    li.dataset.ply = p.ply;
    li.className = p.blunder ? 'blunder' : '';
    li.textContent = `player ${p.player}: ${p.played} (best ${p.best}, loss ${p.loss.toFixed(3)})` + (p.blunder ? ' blunder' : '');
    li.addEventListener('click', () => showPly(p.ply));
    list.appendChild(li);
  }
}

async function showPly(ply) {
  const p = plies[ply - 1];
  const r = await ask({ op: 'position', ply, best: p.best });
  if (r.error) return;
  $('ply-view').innerHTML = r.svg;
  $('ply-caption').textContent = `ply ${ply}: player ${p.player} played ${p.played}; the best was ${p.best} (drawn dashed); value ${p.value_before.toFixed(3)} → ${p.value_after.toFixed(3)}`;
  for (const li of $('plies').children) li.classList.toggle('shown', Number(li.dataset.ply) === ply);
}

// The seats of the chosen number of players.
function seats() {
  const n = Number($('players').value);
  const was = $('seat').value;
  $('seat').innerHTML = '';
  for (let i = 0; i < n; i++) {
    const o = document.createElement('option');
    o.value = String(i);
    const corner = ['top left', 'top right', 'bottom right', 'bottom left'][i];
    o.textContent = FOOTBALL ? `player ${i} (home ${corner})` : `player ${i}` + (i === 0 ? ' (moves first)' : '');
    $('seat').appendChild(o);
  }
  if (was !== '' && Number(was) < n) $('seat').value = was;
}

// Parallel Football's round: the person's footballers ringed, each
// cell clickable, the selected footballer's legal targets dotted, the
// orders given drawn as arrows (kicks ending in a ring).
function footballRound() {
  return !!(view && view.human && !view.over && view.extra && !view.extra.placement && view.extra.footballers.length);
}

function redraw() {
  render();
  document.body.dataset.state = 'your-turn';
}

function drawFootball(svg) {
  const ns = 'http://www.w3.org/2000/svg';
  const x = view.extra;
  const bar = footballRound();
  $('orders-bar').hidden = !bar;
  if (!x) return;
  const at = (cx, cy) => [x.margin + (cx + 0.5) * x.cell, x.margin + (cy + 0.5) * x.cell];
  const el = (name, attrs, parent) => {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    parent.appendChild(e);
    return e;
  };
  const g = el('g', { id: 'football' }, svg);
  if (x.placement) {
    // The footballers placed so far in this turn.
    for (const t of view.pending) {
      const [cx, cy] = t.split(' ').map(Number);
      const [px, py] = at(cx, cy);
      el('circle', { cx: px, cy: py, r: x.cell * 0.35, fill: x.colour, class: 'placed' }, g);
    }
    return;
  }
  if (!bar) return;
  if (roundOf !== view.turns.length) {
    roundOf = view.turns.length;
    orders = x.footballers.map(() => null);
    given = [];
    selected = 0;
  }
  for (let cy = 0; cy < x.height; cy++) {
    for (let cx = 0; cx < x.width; cx++) {
      const r = el('rect', { x: x.margin + cx * x.cell, y: x.margin + cy * x.cell, width: x.cell, height: x.cell, class: 'football-cell' }, g);
      r.dataset.x = cx;
      r.dataset.y = cy;
      r.addEventListener('click', () => cellClick(cx, cy));
    }
  }
  const defs = el('defs', {}, g);
  const marker = el('marker', { id: 'order-head', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto' }, defs);
  el('path', { d: 'M0 0L10 5L0 10z', fill: x.colour }, marker);
  const f = x.footballers[selected];
  for (const t of f.legal) {
    const w = t.split(' ');
    if (w.length !== 3) continue;
    const [px, py] = at(f.x + Number(w[1]), f.y + Number(w[2]));
    el('circle', { cx: px, cy: py, r: x.cell * (w[0] === 'move' ? 0.22 : 0.12), class: 'dot' }, g);
  }
  x.footballers.forEach((f, i) => {
    const o = orders[i];
    if (!o || o === 'stay') return;
    const [kind, dx, dy] = o.split(' ');
    const [x1, y1] = at(f.x, f.y);
    const [x2, y2] = at(f.x + Number(dx), f.y + Number(dy));
    el('line', { x1, y1, x2, y2, stroke: x.colour, class: 'order', 'marker-end': 'url(#order-head)' }, g);
    if (kind === 'kick') el('circle', { cx: x2, cy: y2, r: x.cell * 0.3, fill: 'none', stroke: x.colour, class: 'order' }, g);
  });
  // Footballers sharing a cell: larger rings under smaller ones, so each
  // can be clicked (or picked in the list of orders).
  const seen = new Map();
  const rings = x.footballers.map((f, i) => {
    const key = f.x + ',' + f.y;
    const k = seen.get(key) || 0;
    seen.set(key, k + 1);
    return { f, i, r: x.cell * Math.max(0.15, 0.48 - 0.1 * k) };
  });
  rings.sort((a, b) => b.r - a.r);
  for (const { f, i, r } of rings) {
    const [px, py] = at(f.x, f.y);
    const c = el('circle', { cx: px, cy: py, r, class: 'footballer' + (i === selected ? ' selected' : '') + (orders[i] ? ' ordered' : '') }, g);
    c.dataset.i = i;
    c.addEventListener('click', () => (i === selected ? cellClick(f.x, f.y) : pick(i)));
  }
  const list = $('orders');
  list.innerHTML = '';
  x.footballers.forEach((f, i) => {
    const b = document.createElement('button');
    b.className = 'pick' + (i === selected ? ' selected' : '');
    b.dataset.i = i;
    b.textContent = `${i}: ${orders[i] || '(stay)'}`;
    b.addEventListener('click', () => pick(i));
    list.appendChild(b);
  });
  $('round').disabled = false;
  $('undo').disabled = given.length === 0;
}

function pick(i) {
  if (busy || !footballRound()) return;
  selected = i;
  redraw();
}

// A cell clicked with a footballer selected: its order (its own cell
// stays, a neighbour moves there or kicks there as the switch says, a cell
// farther away kicks there), given when legal, else the crate's reason.
function cellClick(cx, cy) {
  if (busy || !footballRound()) return;
  const f = view.extra.footballers[selected];
  const [dx, dy] = [cx - f.x, cy - f.y];
  const near = Math.max(Math.abs(dx), Math.abs(dy)) === 1 && $('nbr').value === 'move';
  const text = dx === 0 && dy === 0 ? 'stay' : `${near ? 'move' : 'kick'} ${dx} ${dy}`;
  if (!f.legal.includes(text)) {
    const r = engine.call({ op: 'check', texts: [...Array(selected).fill('stay'), text] });
    say(`not legal: ${text}: ${r.error || 'refused'}`, true);
    return;
  }
  if (orders[selected] === null) given.push(selected);
  else given = given.filter((i) => i !== selected).concat([selected]);
  orders[selected] = text;
  const next = orders.findIndex((o) => o === null);
  if (next >= 0) selected = next;
  say(`footballer ${f.index}: ${text}` + (next >= 0 ? '' : '; every footballer has its order: play the round'));
  redraw();
}

// The round played: the team's orders, unordered footballers staying.
async function playRound() {
  if (busy || !footballRound()) return;
  const ms = performance.now() - turnStart;
  const texts = view.extra.footballers.map((_, i) => orders[i] || 'stay');
  const v = engine.call({ op: 'steps', texts, ms });
  if (v.error) {
    say('not legal: ' + v.error, true);
    return;
  }
  await stepped(v);
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
    if (e.key === 'k' && !$('orders-bar').hidden && e.target.tagName !== 'INPUT') {
      $('nbr').value = $('nbr').value === 'move' ? 'kick' : 'move';
    }
  });
  engine = await Engine.create(wasm);
  $('new').addEventListener('click', newGame);
  $('download').addEventListener('click', download);
  $('undo').addEventListener('click', undo);
  $('analyze').addEventListener('click', analyze);
  $('round').addEventListener('click', playRound);
  if (FOOTBALL) $('undo').textContent = 'undo';
  document.body.dataset.ready = 'yes';
  await newGame();
})();
