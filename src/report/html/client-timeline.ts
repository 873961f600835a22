/**
 * The page script's timeline: one lane per participant (the customer, agents, persons), one row
 * per event in time order, grouped under the step being handled. Handoffs and questions are
 * arrows between lanes; every finding is pinned under the event of its span, else at the end of
 * its step.
 */
export const CLIENT_TIMELINE = `
function lanesOf(c, events) {
  const lanes = [];
  const add = (name, kind) => { if (typeof name === 'string' && name && !lanes.some((l) => l.name === name)) lanes.push({ name, kind }); };
  const p = c.participants || { agents: [], persons: [] };
  if ((c.steps || []).some((s) => s.kind === 'customer') || events.some((e) => e.to === 'customer')) add('customer', 'customer');
  p.agents.forEach((a) => add(a, 'agent'));
  p.persons.forEach((x) => add(x, 'person'));
  for (const e of events) for (const k of ['from', 'to', 'agent', 'by', 'person']) add(e[k], 'other');
  if (lanes.length === 0) add('(no participant)', 'other');
  return lanes;
}

function placement(e) {
  switch (e.kind) {
    case 'handoff': return { from: e.from, to: e.to };
    case 'question': return { from: e.by, to: e.to };
    case 'return': return { from: e.by, to: e.to };
    case 'ack': case 'reject': return { at: e.by };
    case 'decision': return { at: e.person };
    case 'effect': return { at: e.agent || e.owner };
    default: return { at: e.agent || e.by || e.from || e.person };
  }
}

function bytes(n) { return n === undefined ? '' : n < 1024 ? n + ' B' : (n / 1024).toFixed(1) + ' KB'; }

function valueBlock(label, value, truncated) {
  if (value === undefined) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return h('details', { class: 'payload' }, h('summary', {}, label + (truncated ? ' (cut to a preview)' : '')), h('pre', {}, text));
}

function eventBody(e) {
  switch (e.kind) {
    case 'handoff': return [h('span', { class: 'what' }, 'handoff → ' + e.to + (e.reason ? ' · ' + e.reason : '') + (e.payloadSize !== undefined ? ' · ' + bytes(e.payloadSize) : '')), valueBlock('payload', e.payload, e.truncated)];
    case 'question': return [h('span', { class: 'what' }, '? asks ' + e.to + ((e.fields || []).length ? ' for ' + e.fields.join(', ') : '') + (e.text ? ': ' + e.text : ''))];
    case 'return': return [h('span', { class: 'what' }, '↩ returns to ' + e.to), valueBlock('answer', e.answer, e.truncated)];
    case 'ack': return [h('span', { class: 'what' }, '✓ accepts' + (e.from ? ' from ' + e.from : ''))];
    case 'reject': return [h('span', { class: 'what' }, '✗ rejects' + (e.from ? ' from ' + e.from : '') + ': ' + e.reason + ((e.missing || []).length ? ' · missing ' + e.missing.join(', ') : ''))];
    case 'decision': return [h('span', { class: 'what' }, 'decides ' + e.decision)];
    case 'agent_turn': return [h('span', { class: 'what' }, 'turn' + (e.end > e.at ? ' · ' + Math.round(e.end - e.at) + ' ms' : ''))];
    case 'effect': return [h('span', { class: 'what' }, '⚡ ' + e.effect + ' ' + e.key + ' · ' + e.outcome + (e.via ? ' (' + e.via + ')' : ''))];
    case 'request': return [h('span', { class: 'what' }, e.method + ' ' + e.host + (e.status ? ' → ' + e.status : '') + (e.refused ? ' · refused' : ''))];
    case 'claim': return [h('span', { class: 'what' }, (e.granted ? 'claims ' : 'claim refused: ') + e.work)];
    case 'release': return [h('span', { class: 'what' }, 'releases ' + e.work)];
    case 'tool_call': return [h('span', { class: 'what' }, 'tool ' + e.tool + (e.outcome ? ' · ' + e.outcome : '')), valueBlock('arguments', e.args, e.truncated)];
    case 'halt': return [h('span', { class: 'what' }, '■ stopped: ' + (e.cause === 'guardrail' ? 'guardrail ' + (e.guardrail || '') : 'turn limit' + (e.limit !== undefined ? ' ' + e.limit : '')) + (e.detail ? ' · ' + e.detail : ''))];
    default: {
      const { kind, step, at, spanId, ...rest } = e;
      return [h('span', { class: 'what' }, kind), valueBlock('fields', rest, false)];
    }
  }
}

function pins(list, c) {
  if (!list || list.length === 0) return null;
  return h('ul', { class: 'pins' }, list.map((f) => findingItem(f, c)));
}

function laneIndex(lanes, name) {
  const i = lanes.findIndex((l) => l.name === name);
  return i < 0 ? 0 : i;
}

function eventRow(e, lanes, t0, pinned, c) {
  const where = placement(e);
  const cells = lanes.map((l, i) => h('div', { class: 'lane-cell', style: 'grid-column:' + (i + 2) }));
  let body;
  if (where.from !== undefined && where.to !== undefined) {
    const a = laneIndex(lanes, where.from);
    const b = laneIndex(lanes, where.to);
    const lo = Math.min(a, b), hi = Math.max(a, b);
    body = h('div', { class: 'arrow ' + (b >= a ? 'right' : 'left') + (a === b ? ' self' : ''), style: 'grid-column:' + (lo + 2) + ' / ' + (hi + 3) + ';--span:' + (hi - lo + 1) }, eventBody(e));
  } else {
    body = h('div', { class: 'cell', style: 'grid-column:' + (laneIndex(lanes, where.at) + 2) }, eventBody(e));
  }
  const time = h('div', { class: 'time' }, '+' + Math.max(0, Math.round(e.at - t0)) + ' ms');
  return [
    h('div', { class: 'ev ev-' + e.kind, 'data-kind': e.kind, 'data-span': e.spanId, 'data-step': e.step }, time, cells, body),
    pinned.length ? h('div', { class: 'pin-row' }, pins(pinned, c)) : null,
  ];
}

function stepRow(c, k) {
  const s = (c.steps || [])[k];
  return h('div', { class: 'step-row', 'data-step': k },
    h('span', { class: 'step-no' }, 'step ' + k),
    h('span', {}, s ? s.text : ''),
    s && s.line ? sourceLink(c.file, s.line) : null);
}

function timeline(c) {
  const events = (c.timeline || []).filter((e) => e.kind !== 'step');
  if (!c.timeline) return h('p', { class: 'dim' }, 'No timeline: the case did not run.');
  const lanes = lanesOf(c, events);
  const bySpan = new Map();
  events.forEach((e, i) => { if (!bySpan.has(e.spanId)) bySpan.set(e.spanId, i); });
  const atEvent = new Map();
  const atStep = new Map();
  const loose = [];
  for (const f of c.findings || []) {
    const i = (f.spanIds || []).map((s) => bySpan.get(s)).find((x) => x !== undefined);
    if (i !== undefined) atEvent.set(i, [...(atEvent.get(i) || []), f]);
    else if (f.step !== undefined) atStep.set(f.step, [...(atStep.get(f.step) || []), f]);
    else loose.push(f);
  }
  const t0 = (c.timeline[0] || { at: 0 }).at;
  const steps = Math.max((c.steps || []).length - 1, ...events.map((e) => e.step), ...[...atStep.keys()]);
  const rows = [];
  for (let k = -1; k <= steps; k++) {
    const here = events.map((e, i) => [e, i]).filter(([e]) => e.step === k);
    if (k >= 0) rows.push(stepRow(c, k));
    for (const [e, i] of here) rows.push(eventRow(e, lanes, t0, atEvent.get(i) || [], c));
    if (atStep.has(k)) rows.push(h('div', { class: 'pin-row' }, pins(atStep.get(k), c)));
  }
  const head = h('div', { class: 'lane-heads' }, h('div', { class: 'time' }, ''), lanes.map((l, i) => h('div', { class: 'lane-head ' + l.kind, 'data-lane': l.name, style: 'grid-column:' + (i + 2) }, l.name)));
  const turns = events.filter((e) => e.kind === 'agent_turn').length;
  const box = h('div', { class: 'timeline', style: '--lanes:' + lanes.length, 'data-lanes': lanes.length });
  const toggle = turns ? h('label', { class: 'dim toggle' }, h('input', { type: 'checkbox', onchange: (e) => box.classList.toggle('turns', e.target.checked) }), ' show ' + turns + ' agent turns') : null;
  box.append(...[
    loose.length ? h('div', { class: 'pin-row' }, pins(loose, c)) : null,
    head, rows,
    c.timelineOmitted ? h('p', { class: 'dim' }, c.timelineOmitted + ' more events are not kept in the report.') : null,
  ].flat(Infinity).filter(Boolean));
  return h('div', {}, toggle, box);
}
`;
