// `cargo xtask bench-web`: the web app's speed as a phone user feels it, in headless
// Chromium. Run by xtask (which builds the app, serves it with its precompressed files and
// installs playwright-core); not meant to be started by hand.
//
//   node bench-web.js <base-url> <chromium> <runs>
//
// 1. Time to an interactive home (the game cards rendered and wired) from a cold start on
//    an emulated 9 Mbit/s link with 150 ms latency, no cache: the median of <runs> loads.
// 2. The app's own work per tap: from the click reaching the page to the first DOM change
//    it causes, on each board (two people on one phone, so no bot thinks), p50 and p95.
// 3. The Hex Expert's search in the browser: its opening move on an empty 11×11 board
//    (iterations in its time, from `window.__papanThink`, which the app sets after each
//    search), to hold against the native figure xtask prints beside it.
const { chromium } = require('playwright-core');

const [base, executablePath, runsArg] = process.argv.slice(2);
const runs = Number(runsArg) || 5;
const MBIT = 1e6 / 8;

const median = (xs) => percentile(xs, 50);
function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

async function coldHome(browser) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: 9 * MBIT, uploadThroughput: 9 * MBIT,
  });
  const start = Date.now();
  await page.goto(base + '/', { waitUntil: 'commit' });
  await page.waitForSelector('[data-testid="play-hex"]', { timeout: 60000 });
  const ms = Date.now() - start;
  const bytes = await page.evaluate(() => performance.getEntriesByType('resource').reduce((n, r) => n + (r.transferSize || 0), 0));
  await ctx.close();
  return { ms, bytes };
}

// Records, for every click, the time until the first DOM mutation after it. It watches
// `document` itself: init scripts run before the document has an element.
const HARNESS = `
  window.__tapMs = [];
  let t0 = null;
  new MutationObserver(() => {
    if (t0 !== null) { window.__tapMs.push(performance.now() - t0); t0 = null; }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener('click', () => { t0 = performance.now(); }, true);
`;

async function start(page, game, extra) {
  await page.goto(base + '/#/' + game);
  await page.waitForSelector('[data-testid="start-game"]');
  await page.locator('[data-testid="opponent-human"]').tap();
  for (const id of extra) await page.locator(`[data-testid="${id}"]`).tap();
  await page.locator('[data-testid="start-game"]').tap();
  await page.waitForSelector(`[data-testid="${game}-board"]`);
  await page.waitForTimeout(300);
  await page.evaluate(() => { window.__tapMs = []; });
}

async function tapOn(page, css) {
  const el = page.locator(css).first();
  if (!(await el.count())) return false;
  await el.tap({ timeout: 5000 });
  await page.waitForTimeout(60);
  return true;
}

const BOARDS = {
  // Each tap previews a cell, each second tap places it.
  hex: async (page) => {
    await start(page, 'hex', ['size-11']);
    for (let i = 0; i < 40; i++) await tapOn(page, '[data-testid="hex-board"] .cell.empty');
  },
  // Picks the pawn up and puts it down again.
  hadang: async (page) => {
    await start(page, 'hadang', ['clock-none']);
    for (let i = 0; i < 40; i++) await tapOn(page, '[data-testid="hadang-board"] [data-pawn="p1"]');
  },
  // Reveals face-down pieces, the two people taking turns.
  junqi: async (page) => {
    await start(page, 'junqi', []);
    for (let i = 0; i < 30; i++) await tapOn(page, '[data-testid="junqi-board"] .post.facedown');
  },
  // Rolls, then picks a checker up and puts it down again.
  backgammon: async (page) => {
    await start(page, 'backgammon', []);
    for (let i = 0; i < 3 && !(await page.locator('.point.movable').count()); i++) {
      await tapOn(page, '[data-testid="roll"]');
      await page.waitForTimeout(600);
    }
    for (let i = 0; i < 40; i++) await tapOn(page, '[data-testid="backgammon-board"] .hit.point.movable, [data-testid="backgammon-board"] .hit.point.selected');
  },
};

(async () => {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  const loads = [];
  for (let i = 0; i < runs; i++) loads.push(await coldHome(browser));
  console.log(`\ntime to an interactive home, cold, 9 Mbit/s + 150 ms (${runs} loads, goal <= 2000 ms)`);
  console.log(`  median ${median(loads.map((l) => l.ms))} ms   (each: ${loads.map((l) => l.ms).join(', ')} ms; ` +
    `${(median(loads.map((l) => l.bytes)) / 1024).toFixed(0)} KB transferred)`);

  console.log('\napp work per tap, click to first DOM change (goal p95 <= 16 ms)');
  console.log('  board        taps    p50 ms   p95 ms   max ms');
  for (const [name, play] of Object.entries(BOARDS)) {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await ctx.addInitScript(HARNESS);
    await ctx.addInitScript(() => {
      localStorage.setItem('settings', JSON.stringify({ lang: 'en', sound: false }));
    });
    const page = await ctx.newPage();
    await play(page);
    const ms = await page.evaluate(() => window.__tapMs);
    const f = (x) => x.toFixed(1).padStart(8);
    console.log(`  ${name.padEnd(12)}${String(ms.length).padStart(5)}${f(percentile(ms, 50))} ${f(percentile(ms, 95))} ${f(Math.max(...ms))}`);
    await ctx.close();
  }
  const rates = [];
  for (let i = 0; i < runs; i++) {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await ctx.addInitScript(() => {
      localStorage.setItem('settings', JSON.stringify({ lang: 'en', sound: false }));
    });
    const page = await ctx.newPage();
    await page.goto(base + '/#/hex');
    await page.waitForSelector('[data-testid="start-game"]');
    for (const id of ['opponent-expert', 'starts-bot', 'size-11']) await page.locator(`[data-testid="${id}"]`).tap();
    await page.locator('[data-testid="start-game"]').tap();
    await page.waitForFunction(() => window.__papanThink, null, { timeout: 30000 });
    const think = await page.evaluate(() => window.__papanThink);
    rates.push({ rate: think.iterations / (think.ms / 1000), ...think });
    await ctx.close();
  }
  console.log(`
Hex Expert in the browser, opening move on 11×11 (${runs} searches)`);
  console.log(`  median ${median(rates.map((r) => r.rate)).toFixed(0)} iterations/s ` +
    `(each: ${rates.map((r) => `${r.iterations} in ${r.ms} ms`).join(', ')})`);
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
