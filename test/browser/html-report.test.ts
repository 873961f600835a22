import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { renderHtml } from '../../src/report/html/render-html.ts';
import { parseReport } from '../../src/report/json.ts';
import { runCli, tempDir } from '../e2e/helpers.ts';
import { type Browser, CHROMIUM, hasChromium, openBrowser } from './chromium.ts';

const skipped = hasChromium
  ? ''
  : ` (skipped: no Chromium at ${CHROMIUM}; apt-get install chromium)`;

describe.skipIf(!hasChromium)(`report.html in headless Chromium${skipped}`, () => {
  let out: Awaited<ReturnType<typeof tempDir>>;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    out = await tempDir();
    const run = await runCli([
      'run',
      'suites/example-regressed.yaml',
      '--reporter',
      'html,json',
      '--out',
      out.path,
    ]);
    expect(run.code).toBe(1);
    url = pathToFileURL(join(out.path, 'report.html')).href;
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await out?.remove();
  });

  async function open(hash = '') {
    await browser.page.goto(url + hash);
    await browser.page.waitForSelector('body[data-ready="true"]');
    return browser.page;
  }

  test('filters by status, code and tag, rendering only the rows in view', async () => {
    const page = await open();
    await expect.poll(() => page.textContent('#shown-count')).toBe('Showing 38 of 38 cases');
    expect(await page.locator('.case-row').count()).toBeLessThan(38);

    await page.uncheck('input[name="status"][value="pass"]');
    await expect.poll(() => page.textContent('#shown-count')).toBe('Showing 8 of 38 cases');
    const statuses = await page
      .locator('.case-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
    expect(new Set(statuses)).toEqual(new Set(['fail']));

    await page.selectOption('#filter-code', 'handoff.late');
    await expect.poll(() => page.textContent('#shown-count')).toBe('Showing 2 of 38 cases');
    expect(
      await page.locator('.case-row').evaluateAll((r) => r.map((x) => x.dataset.case)),
    ).toEqual(['no-progress-order-lookup', 'no-progress-payment-gateway']);

    await page.selectOption('#filter-code', '');
    await page.selectOption('#filter-tag', 'policy_gate');
    const tagged = await page.locator('.case-row').evaluateAll((r) => r.map((x) => x.dataset.case));
    expect(tagged).toContain('refund-750-needs-approval');
    expect(tagged).not.toContain('no-progress-order-lookup');
  });

  test('a case timeline has one lane per participant and pins each finding to its file and line', async () => {
    const page = await open('#case=refund-750-needs-approval');
    const lanes = await page.locator('#case-detail .lane-head').allTextContents();
    expect(lanes).toEqual(['customer', 'triage', 'refunds', 'billing', 'supervisor']);

    const missed = page.locator('#case-detail .findings .finding[data-code="handoff.missed"]');
    const link = missed.locator('a.source');
    // The missed handoff is labelled `- from: refunds` on line 18 of the case file.
    expect(await link.textContent()).toBe('cases/support/refund-750-needs-approval.yaml:18');
    expect(await link.getAttribute('href')).toMatch(
      /\/cases\/support\/refund-750-needs-approval\.yaml#L18$/,
    );
    const target = new URL((await link.getAttribute('href')) ?? '', url);
    const lines = (await readFile(target.pathname, 'utf8')).split('\n');
    expect(lines[17]).toContain('from: refunds');
  });

  test('a handoff shows its reason and an expandable payload; a person lane is there', async () => {
    const page = await open('#case=refund-750-needs-approval');
    const handoff = page.locator('#case-detail .ev-handoff').first();
    expect(await handoff.locator('.what').textContent()).toContain(
      'handoff → refunds · capability_boundary',
    );
    await handoff.locator('details.payload summary').click();
    expect(await handoff.locator('details.payload pre').textContent()).toContain('A-1001');
    expect(await page.locator('#case-detail .lane-head.person').allTextContents()).toEqual([
      'supervisor',
    ]);
  });

  test('opens from disk without errors and renders a screenshot', async () => {
    const page = await open();
    const shot = join(out.path, 'report.png');
    await page.screenshot({ path: shot, fullPage: true });

    expect(browser.errors).toEqual([]);
    expect((await stat(shot)).size).toBeGreaterThan(10_000);
  });

  test('two reports of the same cases show both timelines side by side', async () => {
    const regressed = parseReport(await readFile(join(out.path, 'report.json'), 'utf8'));
    const current = { ...regressed, suite: { ...regressed.suite, name: 'example' } };
    const file = join(out.path, 'compare.html');
    // The first case's verdict differs between the two runs.
    const changed = regressed.cases.map((c, i) =>
      i === 0 ? { ...c, status: c.status === 'pass' ? ('fail' as const) : ('pass' as const) } : c,
    );
    await writeFile(
      file,
      renderHtml(
        { ...regressed, cases: changed },
        { label: 'regressed policy', against: { report: current, label: 'current policy' } },
      ),
    );
    await browser.page.goto(`${pathToFileURL(file).href}#case=${regressed.cases[0]?.id}`);
    await browser.page.waitForSelector('body[data-ready="true"]');

    const labels = await browser.page
      .locator('#case-detail .side-by-side .run-label')
      .allTextContents();
    expect(labels).toEqual(['regressed policy', 'current policy']);
    expect(await browser.page.locator('#case-detail .side-by-side .timeline').count()).toBe(2);
    expect(await browser.page.textContent('#against-legend')).toBe(
      'First badge: regressed policy; second badge: current policy.',
    );
    await browser.page.check('#filter-changed');
    await expect.poll(() => browser.page.textContent('#shown-count')).toBe('Showing 1 of 38 cases');
  });

  test('side by side, the filter keeps cases whose findings or route changed, and says which cases one run lacks', async () => {
    const regressed = parseReport(await readFile(join(out.path, 'report.json'), 'utf8'));
    const [first, second, ...rest] = regressed.cases;
    if (!first || !second) throw new Error('the report has too few cases');
    // Same verdict, the work went elsewhere; and one case the other run never had.
    const moved = {
      ...first,
      handoffs: first.handoffs.map((h) => ({ ...h, to: `${h.to}-elsewhere` })),
    };
    const other = {
      ...regressed,
      suite: { ...regressed.suite, name: 'current' },
      cases: [moved, ...rest],
    };
    const file = join(out.path, 'compare-route.html');
    await writeFile(
      file,
      renderHtml(regressed, { label: 'regressed', against: { report: other, label: 'current' } }),
    );
    await browser.page.goto(pathToFileURL(file).href);
    await browser.page.waitForSelector('body[data-ready="true"]');

    expect(await browser.page.textContent('#against-legend')).toBe(
      'First badge: regressed; second badge: current. The two runs hold different cases: 1 only in regressed, 0 only in current; the list holds the cases of regressed.',
    );
    await browser.page.check('#filter-changed');
    const shown = first.handoffs.length > 0 ? 2 : 1;
    await expect
      .poll(() => browser.page.textContent('#shown-count'))
      .toBe(`Showing ${shown} of 38 cases`);
    expect(browser.errors).toEqual([]);
  });

  test('a page past its size budget says how many passing cases it slimmed', async () => {
    const report = parseReport(await readFile(join(out.path, 'report.json'), 'utf8'));
    const file = join(out.path, 'heavy.html');
    await writeFile(file, renderHtml(report, { wholeCaseTextUpTo: 1 }));
    const passing = report.cases.filter((c) => c.status === 'pass');
    await browser.page.goto(`${pathToFileURL(file).href}#case=${passing[0]?.id}`);
    await browser.page.waitForSelector('body[data-ready="true"]');

    expect(await browser.page.textContent('#slim-cases')).toBe(
      `This page holds about 1 kB of case data whole; past that, ${passing.length} passing cases are listed without findings and timeline. Failed and errored cases are always whole; report.json has every case whole.`,
    );
    expect(await browser.page.textContent('#case-detail .slim-note')).toContain('report.json');
    expect(browser.errors).toEqual([]);
  });

  test('a large page lists passing cases slim: their detail says where the timeline is', async () => {
    const report = parseReport(await readFile(join(out.path, 'report.json'), 'utf8'));
    const file = join(out.path, 'large.html');
    await writeFile(file, renderHtml(report, { wholeCasesUpTo: 10 }));
    const passing = report.cases.find((c) => c.status === 'pass')?.id;
    await browser.page.goto(`${pathToFileURL(file).href}#case=${passing}`);
    await browser.page.waitForSelector('body[data-ready="true"]');

    expect(await browser.page.textContent('#slim-cases')).toContain('This report has 38 cases');
    expect(await browser.page.textContent('#case-detail .slim-note')).toContain('report.json');
    expect(await browser.page.locator('#case-detail .timeline').count()).toBe(0);
    await browser.page.goto(`${pathToFileURL(file).href}#case=refund-750-needs-approval`);
    await browser.page.waitForSelector('body[data-ready="true"]');
    expect(await browser.page.locator('#case-detail .timeline').count()).toBe(1);
    await expect
      .poll(() => browser.page.textContent('#shown-count'))
      .toBe('Showing 38 of 38 cases');
    expect(browser.errors).toEqual([]);
  });
});
