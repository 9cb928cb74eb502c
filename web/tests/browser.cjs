// The browser test of a game's page (web/tests/browser.rs runs it): in
// headless Chromium, through playwright-core (NODE_PATH names where it is
// installed), plays whole games by clicking as a person would, sees the
// bot answer, checks that an illegal click is explained, downloads the
// record and checks that the page loads nothing from the network.
// usage: node browser.cjs PAGE.html OUT_DIR GAME [SHOTS_DIR]
// Prints one JSON line: {"records": [...], "first_answer_ms": [...], ...}.
const { chromium } = require('playwright-core');
const path = require('node:path');

const [pagePath, outDir, game, shots] = process.argv.slice(2);
const url = 'file://' + path.resolve(pagePath);
let page = null;
const fail = async (why) => {
  console.error('FAILED: ' + why);
  if (page) try {
    console.error('page state: ' + (await page.getAttribute('body', 'data-state')) + '; says: ' + (await page.textContent('#msg')));
    console.error('turns: ' + (await page.textContent('#turns')));
    if (shots) await page.screenshot({ path: path.join(shots, `${game}-failed.png`) });
  } catch (e) {
    console.error('(no page to show: ' + e + ')');
  }
  process.exit(1);
};

// How a person plays each game: the turn's clicks, given the page.
const plays = {
  // One click: the first legal cell.
  yavalath: async (page) => {
    await page.click('#board circle.target.legal >> nth=0');
  },
  // One step, the first legal point; after a bounce the loop clicks again.
  'paper-soccer': async (page) => {
    await page.click('#board circle.target.legal >> nth=0');
  },
  // The pawn to the first legal cell; on the first turn of a game in seat
  // 0, a vertical wall instead, previewed under the pointer first.
  quoridor: async (page, seat, clicks, out) => {
    if (seat === 0 && clicks === 0) {
      await page.selectOption('#orient', 'v');
      const wall = page.locator('#board circle.target.wall.legal').nth(20);
      await wall.hover();
      if (!(await page.$('#preview'))) fail('no wall previewed under the pointer');
      out.wall = await wall.getAttribute('data-move');
      await wall.click();
      return;
    }
    await page.click('#board circle.target.legal:not(.wall) >> nth=0');
  },
  // The placement: a cell a click (the footballer placed is drawn). A
  // round: footballer 0 kicks (to its farthest legal target) or moves,
  // the others move; in the first round of the game in seat 0 a kick out
  // of range is refused saying why, a neighbour is kicked to with the
  // switch, and an order is undone and given again; then the round played.
  'parallel-football': async (page, seat, clicks, out) => {
    const placing = await page.evaluate(() => view.extra.placement);
    if (placing) {
      const shown = (await page.$$('#football circle.placed')).length;
      await page.click(`#board circle.target.placement >> nth=${(300 + 77 * clicks) % 1024}`);
      const placed = await page.evaluate(() => view.pending.length);
      if (placed && (await page.$$('#football circle.placed')).length !== shown + 1) fail('a placement not drawn');
      return;
    }
    if (seat === 1 && !out.all_stay) {
      // The first round in seat 1: played at once, every footballer staying.
      await page.click('#round');
      out.all_stay = true;
      return;
    }
    const team = await page.evaluate(() => view.extra.footballers);
    const mine = new Set(team.map((f) => f.x + ',' + f.y));
    const cell = (f, t) => {
      const [, dx, dy] = t.split(' ').map(Number);
      return [f.x + dx, f.y + dy];
    };
    const free = (f, t) => !mine.has(cell(f, t).join(','));
    const clickCell = async ([x, y]) => page.click(`#board rect.football-cell[data-x="${x}"][data-y="${y}"]`);
    const first = seat === 0 && !out.football;
    for (const [i, f] of team.entries()) {
      await page.click(`#orders button.pick[data-i="${i}"]`);
      if (first && i === 0) {
        // Out of range: the opposite corner of the field is over k away.
        const far = [f.x < 16 ? 31 : 0, f.y < 16 ? 31 : 0];
        await clickCell(far);
        const said = await page.textContent('#msg');
        if (!/^not legal: kick -?\d+ -?\d+: .+/.test(said)) fail('a kick out of range is not explained: ' + said);
        out.illegal = said;
        const kickNear = f.legal.find((t) => /^kick -?[01] -?[01]$/.test(t) && free(f, t));
        if (kickNear) {
          await page.press('body', 'k');
          await clickCell(cell(f, kickNear));
          await page.press('body', 'k');
          const given = await page.evaluate(() => orders[0]);
          if (given !== kickNear) fail(`a neighbour kicked to with the switch gave ${given}, not ${kickNear}`);
          out.kick_near = given;
        }
      }
      const kicks = f.legal.filter((t) => t.startsWith('kick') && free(f, t));
      const moves = f.legal.filter((t) => t.startsWith('move') && free(f, t));
      const order = i === 0 && kicks.length ? kicks[kicks.length - 1] : moves[0] || 'stay';
      await page.click(`#orders button.pick[data-i="${i}"]`);
      if (order !== 'stay') await clickCell(cell(f, order));
      if (first && i === team.length - 1) {
        const arrows = (await page.$$('#football line.order')).length;
        if (!arrows) fail('no arrow drawn for the orders given');
        await page.click('#undo');
        const undone = await page.evaluate((i) => orders[i], i);
        if (undone !== null) fail('undo left the last order');
        out.undone = await page.textContent('#msg');
        await page.click(`#orders button.pick[data-i="${i}"]`);
        if (order !== 'stay') await clickCell(cell(f, order));
        out.football = { arrows, orders: await page.evaluate(() => orders) };
        if (shots) await page.screenshot({ path: path.join(shots, `${game}-orders.png`) });
      }
    }
    await page.click('#round');
  },
};
// A click that is not legal in each game, and what the page must say.
const illegal = {
  // An occupied cell (the bot's stone is not ringed once the steal is gone).
  yavalath: { selector: '#board circle.target:not(.legal) >> nth=0', says: /not legal: \d+ \d+: .+/ },
  // A point the ball cannot go to (back along the line it came by).
  'paper-soccer': { selector: '#board circle.target:not(.legal) >> nth=0', says: /not legal: [0-7]: .+/ },
  // A cell the pawn cannot reach in one move.
  quoridor: { selector: '#board circle.target:not(.legal):not(.wall) >> nth=40', says: /not legal: \d \d: .+/ },
};

(async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1100, height: 800 } });
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('body[data-ready=yes]', { timeout: 20000 });
  const out = { records: [], first_answer_ms: [], illegal: null };
  // Seat 1 first against `best` (the bot opens: its first answer is
  // timed; Yavalath's steal is offered), then seat 0 against a bot with an
  // iteration budget: the same game every run (Paper Soccer's has a
  // bounce to undo).
  for (const seat of [1, 0]) {
    await page.selectOption('#seat', String(seat));
    await page.fill('#bot', seat === 1 ? 'best' : 'mcts:iters=300');
    await page.fill('#seed', String(seat + 1));
    if (game === 'parallel-football') {
      // Two footballers a team and three rounds: the test's game is short.
      await page.fill('#pf-p', '2');
      await page.fill('#pf-turns', '3');
    }
    await page.click('#new');
    let clicks = 0;
    for (;;) {
      await page.waitForSelector('body[data-state=your-turn], body[data-state=over]', { timeout: 60000 });
      const state = await page.getAttribute('body', 'data-state');
      if (state === 'over') break;
      if (seat === 1 && clicks === 0) {
        const hint = await page.textContent('#msg');
        if (game === 'yavalath' && !/steal/.test(hint)) fail('no steal offered on the second move: ' + hint);
        if (shots) await page.screenshot({ path: path.join(shots, `${game}-start.png`) });
      }
      if (seat === 0 && clicks === 1 && illegal[game]) {
        await page.click(illegal[game].selector);
        const said = await page.textContent('#msg');
        const cls = await page.getAttribute('#msg', 'class');
        if (cls !== 'error' || !illegal[game].says.test(said)) fail('an illegal click is not explained: ' + said);
        out.illegal = said;
      }
      if (game === 'quoridor' && seat === 0 && clicks === 2) {
        // The horizontal wall across the vertical one placed: refused, saying why.
        await page.selectOption('#orient', 'h');
        const across = out.wall.replace(/1$/, '0');
        await page.click(`#board circle.target.wall[data-move="${across}"]`);
        const said = await page.textContent('#msg');
        if (!/^not legal: \d \d 0: .+/.test(said)) fail('a wall across another is not explained: ' + said);
        out.wall_refused = said;
      }
      if (!out.undone && (await page.isEnabled('#undo'))) {
        // An unfinished turn (a bounce): take it back once.
        const shown = (await page.$$('#turns li')).length;
        await page.click('#undo');
        if (!(await page.isDisabled('#undo'))) fail('undo left the turn unfinished');
        if ((await page.$$('#turns li')).length !== shown) fail('undo changed the turns played');
        out.undone = await page.textContent('#msg');
      }
      await plays[game](page, seat, clicks, out);
      clicks++;
    }
    // The bot's first answer (Parallel Football's bots answer each round
    // once the person's orders are in).
    if (seat === 1) out.first_answer_ms.push(Number(await page.textContent('#first-answer')));
    if ((await page.$$('#turns li.bot')).length === 0) fail('the bot never answered');
    const result = await page.textContent('#result');
    if (!/ by /.test(result)) fail('no result: ' + result);
    if (shots && seat === 0) await page.screenshot({ path: path.join(shots, `${game}-over.png`) });
    if (seat === 0) {
      // The analysis: every ply on the graph, a ply clicked shows its
      // position with the best turn drawn.
      const t0 = Date.now();
      await page.click('#analyze');
      await page.waitForSelector('body[data-analysed=yes]', { timeout: 120000 });
      const points = (await page.$$('#graph circle.pt')).length;
      const turns = (await page.$$('#turns li')).length;
      if (points !== turns) fail(`the graph has ${points} points for ${turns} turns`);
      const blunders = (await page.$$('#graph circle.pt.blunder')).length;
      await page.click(blunders ? '#graph circle.pt.blunder >> nth=0' : '#graph circle.pt >> nth=0');
      await page.waitForSelector('#ply-view svg g.best-move', { timeout: 10000 });
      out.analysis = { plies: points, blunders, ms: Date.now() - t0, caption: await page.textContent('#ply-caption') };
      if (shots) {
        await page.locator('#analysis').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `${game}-analysis.png`), fullPage: true });
      }
    }
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const file = path.join(outDir, `${game}-seat${seat}.json`);
    await download.saveAs(file);
    out.records.push({ file, result, clicks });
  }
  if (game === 'quoridor') {
    // Four players: the person and three bots, to the end.
    await page.selectOption('#players', '4');
    await page.selectOption('#seat', '2');
    await page.fill('#bot', 'walker');
    await page.click('#new');
    let clicks = 0;
    for (;;) {
      await page.waitForSelector('body[data-state=your-turn], body[data-state=over]', { timeout: 60000 });
      if ((await page.getAttribute('body', 'data-state')) === 'over') break;
      await page.click('#board circle.target.legal:not(.wall) >> nth=0');
      clicks++;
    }
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const file = path.join(outDir, `${game}-4-players.json`);
    await download.saveAs(file);
    out.records.push({ file, result: await page.textContent('#result'), clicks, players: 4 });
  }
  if (game === 'parallel-football') {
    // A new game refused while the bots think: the game goes on, the bots'
    // answer applied; a field's message names the value typed.
    await page.selectOption('#seat', '0');
    await page.fill('#bot', 'mcts:iters=20000');
    await page.fill('#pf-p', '2');
    await page.fill('#pf-turns', '3');
    await page.click('#new');
    await page.waitForSelector('body[data-state=your-turn]', { timeout: 60000 });
    for (let i = 0; await page.evaluate(() => view.extra.placement); i++) {
      await page.click(`#board circle.target.placement >> nth=${(300 + 77 * i) % 1024}`);
      await page.waitForSelector('body[data-state=your-turn]', { timeout: 120000 });
    }
    const before = (await page.$$('#turns li')).length;
    await page.click('#round');
    await page.fill('#pf-p', '0');
    await page.click('#new');
    const refused = await page.textContent('#msg');
    if (!/p/.test(refused) || (await page.getAttribute('body', 'data-state')) !== 'thinking') {
      fail('a new game refused while the bots think: ' + refused);
    }
    await page.waitForSelector('body[data-state=your-turn], body[data-state=over]', { timeout: 120000 });
    if ((await page.$$('#turns li')).length !== before + 4) fail('the round was not played after a refused new game');
    if ((await page.getAttribute('body', 'data-state')) === 'your-turn' && (await page.isHidden('#orders-bar'))) {
      fail('no orders bar after a refused new game');
    }
    await page.fill('#pf-p', '1.5');
    await page.click('#new');
    const typed = await page.textContent('#msg');
    if (!typed.includes('--p "1.5"')) fail('the value typed is not named: ' + typed);
    out.refused_while_thinking = refused;
  }
  if (!out.illegal && (illegal[game] || game === 'parallel-football')) fail('the illegal click was never tried');
  if (game === 'parallel-football' && !(out.football && out.undone && out.all_stay)) {
    fail('no round of orders given and undone, or none played without orders');
  }
  if (game === 'paper-soccer' && !out.undone) fail('no bounce to undo');
  if (game === 'quoridor' && !out.wall_refused) fail('no wall refused');
  const far = requests.filter((u) => !u.startsWith('file://') && !u.startsWith('blob:') && !u.startsWith('data:'));
  if (far.length) fail('the page loaded from the network: ' + far.join(' '));
  if (errors.length) fail('errors on the page: ' + errors.join('; '));
  out.requests = requests.length;
  console.log(JSON.stringify(out));
  await browser.close();
})().catch((e) => fail(e.stack || String(e)));
