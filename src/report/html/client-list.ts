/**
 * The page script's first part: reads the embedded report, fills the filters and keeps a
 * virtual list of cases (only the rows in view exist in the DOM, so 10,000 cases stay fast).
 * Plain browser JavaScript, shipped inside report.html: no framework, no network.
 */
export const CLIENT_LIST = `
const DATA = JSON.parse(document.getElementById('baton-data').textContent);
const REPORT = DATA.report;
const OTHER = DATA.against ? DATA.against.report : null;
const ROW = 34;

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'style') el.setAttribute('style', v);
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

function problems(c) {
  return (c.findings || []).filter((f) => f.outcome !== 'pass' && !(c.error && f.code === 'case.error'));
}

const RANK = { error: 0, fail: 1, pass: 2 };
// Errors and failures first: they are what a person opens the report for.
const CASES = REPORT.cases.map((c, index) => {
  const codes = [...new Set(problems(c).map((f) => f.code))];
  return { c, index, codes, text: (c.id + ' ' + c.title).toLowerCase() };
}).sort((a, b) => (RANK[a.c.status] ?? 3) - (RANK[b.c.status] ?? 3) || a.index - b.index);
const OTHER_BY_ID = new Map((OTHER ? OTHER.cases : []).map((c) => [c.id, c]));

const state = { status: new Set(['pass', 'fail', 'error']), code: '', tag: '', text: '', changed: false, shown: CASES, selected: null };

function matches(x) {
  if (!state.status.has(x.c.status)) return false;
  if (state.code && !x.codes.includes(state.code)) return false;
  if (state.tag && !(x.c.tags || []).includes(state.tag)) return false;
  if (state.text && !x.text.includes(state.text)) return false;
  if (state.changed) {
    const o = OTHER_BY_ID.get(x.c.id);
    if (o && !differs(x.c, o)) return false;
  }
  return true;
}

// What a comparison calls a change: the verdict, the findings (code, step) or the route.
function differs(c, o) {
  const findings = (k) => problems(k).map((f) => f.code + '@' + (f.step ?? '')).sort().join(',');
  const route = (k) => (k.handoffs || []).map((h) => h.from + '>' + h.to + '@' + h.step).join(',');
  return c.status !== o.status || findings(c) !== findings(o) || route(c) !== route(o);
}

// Which badge is which run, and the cases only one of them ran.
function fillLegend() {
  if (!OTHER) return;
  const ids = new Set(REPORT.cases.map((c) => c.id));
  const onlyHere = REPORT.cases.filter((c) => !OTHER_BY_ID.has(c.id)).length;
  const onlyThere = OTHER.cases.filter((c) => !ids.has(c.id)).length;
  const legend = document.getElementById('against-legend');
  const parts = ['First badge: ' + DATA.label + '; second badge: ' + DATA.against.label + '.'];
  if (onlyHere + onlyThere > 0) {
    parts.push('The two runs hold different cases: ' + onlyHere + ' only in ' + DATA.label + ', ' + onlyThere + ' only in ' + DATA.against.label + '; the list holds the cases of ' + DATA.label + '.');
  }
  legend.textContent = parts.join(' ');
  legend.hidden = false;
}

function fillFilters() {
  const counts = { pass: 0, fail: 0, error: 0 };
  const codeCount = new Map();
  const tags = new Map();
  for (const x of CASES) {
    counts[x.c.status] = (counts[x.c.status] || 0) + 1;
    for (const code of x.codes) codeCount.set(code, (codeCount.get(code) || 0) + 1);
    for (const t of x.c.tags || []) tags.set(t, (tags.get(t) || 0) + 1);
  }
  for (const s of ['pass', 'fail', 'error']) {
    document.querySelector('[data-count="' + s + '"]').textContent = String(counts[s] || 0);
  }
  const codeSel = document.getElementById('filter-code');
  for (const [code, n] of [...codeCount].sort()) codeSel.append(h('option', { value: code }, code + ' (' + n + (n === 1 ? ' case)' : ' cases)')));
  const tagSel = document.getElementById('filter-tag');
  for (const [tag, n] of [...tags].sort()) tagSel.append(h('option', { value: tag }, tag + ' (' + n + ')'));
  if (OTHER) document.getElementById('filter-changed-wrap').hidden = false;
  fillLegend();
}

function applyFilters() {
  state.shown = CASES.filter(matches);
  document.getElementById('shown-count').textContent = 'Showing ' + state.shown.length + ' of ' + CASES.length + (CASES.length === 1 ? ' case' : ' cases');
  const spacer = document.getElementById('case-spacer');
  spacer.style.height = state.shown.length * ROW + 'px';
  document.getElementById('case-scroller').scrollTop = 0;
  renderRows();
}

function caseRow(x, i) {
  const c = x.c;
  const o = OTHER_BY_ID.get(c.id);
  return h('div', {
    class: 'case-row ' + c.status + (state.selected === c.id ? ' selected' : ''),
    style: 'top:' + i * ROW + 'px',
    role: 'row',
    'data-case': c.id,
    'data-status': c.status,
    tabindex: 0,
    onclick: () => selectCase(c.id),
    onkeydown: (e) => { if (e.key === 'Enter') selectCase(c.id); },
  },
    h('span', { class: 'badge ' + c.status }, c.status),
    o ? h('span', { class: 'badge other ' + o.status, title: 'in ' + DATA.against.label }, o.status) : null,
    h('span', { class: 'case-id' }, c.id),
    h('span', { class: 'case-title' }, c.title),
    h('span', { class: 'chips' }, x.codes.map((code) => h('span', { class: 'chip' }, code))),
    h('span', { class: 'tags' }, (c.tags || []).map((t) => h('span', { class: 'tag' }, t))),
  );
}

function renderRows() {
  const scroller = document.getElementById('case-scroller');
  const rows = document.getElementById('case-rows');
  const first = Math.max(0, Math.floor(scroller.scrollTop / ROW) - 10);
  const last = Math.min(state.shown.length, Math.ceil((scroller.scrollTop + scroller.clientHeight) / ROW) + 10);
  rows.replaceChildren(...state.shown.slice(first, last).map((x, k) => caseRow(x, first + k)));
}

function selectCase(id) {
  state.selected = id;
  if (location.hash !== '#case=' + encodeURIComponent(id)) history.replaceState(null, '', '#case=' + encodeURIComponent(id));
  renderRows();
  const x = CASES.find((y) => y.c.id === id);
  const detail = document.getElementById('case-detail');
  detail.replaceChildren(x ? caseDetail(x.c, OTHER_BY_ID.get(id)) : h('p', { class: 'dim' }, 'No case ' + id + ' in this report.'));
}

function bind() {
  for (const box of document.querySelectorAll('input[name="status"]')) {
    box.addEventListener('change', () => {
      if (box.checked) state.status.add(box.value); else state.status.delete(box.value);
      applyFilters();
    });
  }
  document.getElementById('filter-code').addEventListener('change', (e) => { state.code = e.target.value; applyFilters(); });
  document.getElementById('filter-tag').addEventListener('change', (e) => { state.tag = e.target.value; applyFilters(); });
  document.getElementById('filter-text').addEventListener('input', (e) => { state.text = e.target.value.trim().toLowerCase(); applyFilters(); });
  document.getElementById('filter-changed').addEventListener('change', (e) => { state.changed = e.target.checked; applyFilters(); });
  document.getElementById('case-scroller').addEventListener('scroll', () => requestAnimationFrame(renderRows), { passive: true });
  window.addEventListener('hashchange', fromHash);
}

function fromHash() {
  const m = /^#case=(.+)$/.exec(location.hash);
  if (m) selectCase(decodeURIComponent(m[1]));
}

/** When passing cases were embedded slim for the page's size (known only after them), says so. */
function sizeBanner() {
  const slimmed = DATA.slimmedBySize;
  if (!slimmed || document.getElementById('slim-cases')) return;
  const size = slimmed.upTo >= 1e6
    ? Math.round(slimmed.upTo / 1e6).toLocaleString('en') + ' MB'
    : Math.max(1, Math.round(slimmed.upTo / 1e3)).toLocaleString('en') + ' kB';
  const banner = h('p', { class: 'banner', id: 'slim-cases' },
    'This page holds about ' + size + ' of case data whole; past that, ' +
    slimmed.cases.toLocaleString('en') + (slimmed.cases === 1 ? ' passing case is' : ' passing cases are') +
    ' listed without findings and timeline. Failed and errored cases are always whole; report.json has every case whole.');
  const filters = document.querySelector('#cases .filters');
  filters.parentNode.insertBefore(banner, filters);
}

function start() {
  sizeBanner();
  fillFilters();
  bind();
  applyFilters();
  const firstBad = CASES.find((x) => x.c.status !== 'pass');
  if (/^#case=/.test(location.hash)) fromHash();
  else if (firstBad || CASES[0]) selectCase((firstBad || CASES[0]).c.id);
  document.body.dataset.ready = 'true';
}
`;
