// Opens one Chrome Trace Event JSON file in the Performance panel of the DevTools that ship with
// the system Chromium (chrome://tracing is not in Debian's Chromium 156; the Perfetto UI is not
// packaged), through the DevTools protocol on 127.0.0.1, in a fresh browser, and prints one JSON
// line: whether the import succeeded, how long it took, and the renderer's peak resident memory.
// Usage: node load-in-devtools.js <trace.json> [timeout seconds]
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const puppeteer = require('puppeteer-core');

const CHROMIUM = process.env.CHROMIUM || '/usr/lib/chromium/chromium';

async function main() {
  const file = path.resolve(process.argv[2]);
  const timeoutMs = 1000 * Number(process.argv[3] || 300);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'qmpi4j-viewer-'));
  const browser = spawn(CHROMIUM, [
    '--headless', '--no-sandbox', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0',
    '--user-data-dir=' + profile, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    let text = '';
    browser.stderr.on('data', d => {
      text += d;
      const m = /DevTools listening on (ws:\/\/127\.0\.0\.1:\d+\S*)/.exec(text);
      if (m) resolve(m[1]);
    });
    browser.on('exit', code => reject(new Error('chromium exited with ' + code)));
  });
  const result = { file: path.basename(file), bytes: fs.statSync(file).size };
  let b;
  try {
    b = await puppeteer.connect({ browserWSEndpoint: url, protocolTimeout: timeoutMs + 60000 });
    const page = await b.newPage();
    let crashed = false;
    page.on('error', () => { crashed = true; });
    await page.goto('devtools://devtools/bundled/devtools_app.html?panel=timeline');
    for (let tries = 0; ; tries++) {
      const ready = await page.evaluate(async () => {
        try {
          const T = await import('./panels/timeline/timeline.js');
          return T.TimelinePanel.TimelinePanel.instance().state === 'Idle';
        } catch (e) {
          return false;
        }
      });
      if (ready) break;
      if (tries > 240) throw new Error('the Performance panel did not start');
      await new Promise(r => setTimeout(r, 250));
    }
    const input = await page.evaluateHandle(() => {
      const i = document.createElement('input');
      i.type = 'file';
      document.body.appendChild(i);
      return i;
    });
    await input.uploadFile(file); // the file as a user picks it: no copy through the protocol
    const renderer = rendererPids(profile);
    const t0 = Date.now();
    await page.evaluate(async (i) => {
      const T = await import('./panels/timeline/timeline.js');
      T.TimelinePanel.TimelinePanel.instance().loadFromFile(i.files[0]);
    }, input);
    // Done when the panel is idle again: with a trace shown (success) or without (failed import).
    let outcome = 'timeout';
    let peak = 0;
    while (Date.now() - t0 < timeoutMs) {
      await new Promise(r => setTimeout(r, 250));
      peak = Math.max(peak, ...renderer.map(peakRssMib)); // sampled: a crashed renderer has no status left
      if (crashed) { outcome = 'renderer crashed'; break; }
      let s;
      try {
        s = await page.evaluate(async () => {
          const T = await import('./panels/timeline/timeline.js');
          const p = T.TimelinePanel.TimelinePanel.instance();
          const status = document.body.innerText.match(/(Failed|Error)[^\n]*/);
          return { state: p.state, loaded: p.hasActiveTrace(), status: status ? status[0] : null };
        });
      } catch (e) {
        outcome = 'renderer crashed (' + String(e.message).slice(0, 80) + ')';
        break;
      }
      if (s.state === 'Idle' && s.loaded) { outcome = 'opened'; break; }
      if (s.state !== 'Loading' && s.status) { outcome = 'failed: ' + s.status.slice(0, 100); break; }
    }
    result.outcome = outcome;
    result.seconds = Math.round((Date.now() - t0) / 100) / 10;
    result.renderer_peak_rss_mib = Math.max(peak, ...renderer.map(peakRssMib));
  } finally {
    if (b) await b.disconnect().catch(() => {});
    browser.kill('SIGKILL');
    await new Promise(r => setTimeout(r, 500));
    fs.rmSync(profile, { recursive: true, force: true });
  }
  console.log(JSON.stringify(result));
}

/** The renderer processes of the browser using profile directory {@code profile}. */
function rendererPids(profile) {
  const pids = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = fs.readFileSync('/proc/' + d + '/cmdline', 'utf8');
      if (cmd.includes('--type=renderer') && cmd.includes(profile)) pids.push(d);
    } catch (e) { /* gone */ }
  }
  return pids;
}

/** VmHWM: the process's peak resident set, in MiB (0 once it is gone). */
function peakRssMib(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/' + pid + '/status', 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch (e) {
    return 0;
  }
}

main().catch(e => { console.error(e); process.exit(1); });
