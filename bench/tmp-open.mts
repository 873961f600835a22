import { pathToFileURL } from 'node:url';
import { openBrowser } from '../test/browser/chromium.ts';
const b = await openBrowser();
for (const f of process.argv.slice(2)) {
  const t = performance.now();
  await b.page.goto(pathToFileURL(f).href, { timeout: 300_000 });
  await b.page.waitForSelector('body[data-ready="true"]', { timeout: 300_000 });
  const ms = performance.now() - t;
  const shown = await b.page.textContent('#shown-count');
  const t2 = performance.now();
  await b.page.uncheck('input[name="status"][value="pass"]');
  const filt = performance.now() - t2;
  console.log(f, 'interactive', ms.toFixed(0), 'ms', shown, 'filter', filt.toFixed(0), 'ms', 'now', await b.page.textContent('#shown-count'), 'errors', b.errors.length);
}
await b.close();
