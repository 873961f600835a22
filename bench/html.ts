/**
 * The HTML report at bench size: render time and file size for the run's report, then, where
 * Debian's Chromium is installed, the page in headless Chromium — time until the case list is
 * interactive, a status filter over every case, opening a case's timeline — and how many case
 * rows exist in the DOM (the list is virtual, so a handful, whatever the case count).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RunReport } from '../src/model/report.ts';
import { renderHtml } from '../src/report/html/render-html.ts';
import { hasChromium, openBrowser } from '../test/browser/chromium.ts';

type Line = (label: string, value: string) => void;

export async function benchHtml(report: RunReport, line: Line): Promise<void> {
  const started = performance.now();
  const html = renderHtml(report);
  const renderMs = performance.now() - started;
  line(
    'report.html render',
    `${renderMs.toFixed(0)} ms, ${(Buffer.byteLength(html) / 1e6).toFixed(1)} MB for ${report.cases.length} cases`,
  );
  if (!hasChromium) {
    line('report.html in Chromium', 'skipped: no /usr/bin/chromium (apt-get install chromium)');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'baton-bench-html-'));
  const file = join(dir, 'report.html');
  await writeFile(file, html);
  const browser = await openBrowser();
  try {
    const { page } = browser;
    const t0 = performance.now();
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-ready="true"]');
    const readyMs = performance.now() - t0;
    const rows = await page.locator('.case-row').count();
    const t1 = performance.now();
    await page.uncheck('input[name="status"][value="pass"]');
    const all = `Showing ${report.cases.length} of ${report.cases.length} cases`;
    await page.waitForFunction(
      `document.querySelector('#shown-count').textContent !== ${JSON.stringify(all)}`,
    );
    const filterMs = performance.now() - t1;
    await page.check('input[name="status"][value="pass"]');
    const id = report.cases.at(-1)?.id ?? '';
    const t2 = performance.now();
    await page.evaluate(`location.hash = ${JSON.stringify(`#case=${encodeURIComponent(id)}`)}`);
    await page.waitForSelector(`#case-detail .timeline`);
    const openMs = performance.now() - t2;
    line('report.html in Chromium: ready', `${readyMs.toFixed(0)} ms (load, parse, first rows)`);
    line('  status filter over all cases', `${filterMs.toFixed(0)} ms`);
    line('  open a case timeline', `${openMs.toFixed(0)} ms`);
    line('  case rows in the DOM', `${rows} (virtual list)`);
    if (browser.errors.length > 0) line('  page errors', browser.errors.join(' | '));
  } finally {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
}
