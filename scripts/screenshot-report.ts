// Renders the regressed example suite's report.html and saves the picture the README shows
// (docs/report.png): node bin/run-ts.mjs scripts/screenshot-report.ts
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openBrowser } from '../test/browser/chromium.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = await mkdtemp(join(tmpdir(), 'baton-shot-'));
try {
  execFileSync(
    process.execPath,
    ['bin/baton.mjs', 'run', 'suites/example-regressed.yaml', '--reporter', 'html', '--out', out],
    { cwd: root, stdio: 'ignore' },
  );
} catch {
  // The regressed suite fails its gates on purpose (exit 1); the report is written all the same.
}
const browser = await openBrowser();
try {
  const { page } = browser;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${pathToFileURL(join(out, 'report.html')).href}#case=refund-750-needs-approval`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('#case-detail .ev-handoff details.payload summary').first().click();
  // The case section (filters, the case list, one case's findings and timeline), with a
  // viewport tall enough for the whole page, so nothing sticky or virtual scrolls.
  const height = await page.evaluate('document.documentElement.scrollHeight');
  await page.setViewportSize({ width: 1280, height: Number(height) });
  const box = await page.locator('#cases').boundingBox();
  if (!box) throw new Error('the report has no case section');
  await page.screenshot({
    path: join(root, 'docs/report.png'),
    clip: { x: 0, y: box.y - 8, width: 1280, height: box.height + 16 },
  });
  console.log('wrote docs/report.png');
} finally {
  await browser.close();
  await rm(out, { recursive: true, force: true });
}
