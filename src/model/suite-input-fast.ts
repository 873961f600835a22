import { list, name, plain, text, type Value, whole } from './case-input-fast-parts.ts';
import { CARRY_MATCHES } from './case-patterns.ts';
import { FINDING_CODES } from './finding.ts';
import { MAX_CONCURRENCY, MAX_REPEAT, MAX_TIMER_MS } from './limits.ts';
import type { ParsedSuite } from './suite.ts';
import { DEFAULT_REPORT_FORMATS, ISOLATION_MODES, REPORT_FORMATS } from './suite-constants.ts';
import { TOOL_MATCH_MODES } from './tool-trajectory.ts';

/**
 * The suite schema's value for the usual shape of suite, checked by hand: any adapter (a traces
 * adapter without recognition rules) with its cases, checks, gates, costs, effects, facts,
 * cassette and reports. Returns exactly what `SuiteInput.safeParse(data).data` would (defaults
 * filled in, keys in the schema's order), or undefined whenever the data is invalid or holds
 * anything else (contracts, properties, faults, variants, shadow, model traffic, redaction rules,
 * recognition rules, a `__proto__` key): the schema then decides,
 * and words every problem. Checking a suite this way loads no schema library, which is a third
 * of what a run of a few cases spends starting. A property test holds the two to the same answers.
 */
export function fastSuiteInput(data: unknown): ParsedSuite | undefined {
  if (!plain(data, SUITE_KEYS)) return undefined;
  const d = data as Value;
  if (d.$schema !== undefined && typeof d.$schema !== 'string') return undefined;
  if (!text(d.name) || (d.description !== undefined && typeof d.description !== 'string'))
    return undefined;
  const cases = d.cases === undefined ? undefined : toCases(d.cases);
  const adapter = toAdapter(d.adapter);
  if ((d.cases !== undefined && cases === undefined) || adapter === undefined) return undefined;
  const concurrency = d.concurrency === undefined ? 4 : d.concurrency;
  const timeout = d.timeout_ms === undefined ? 10_000 : d.timeout_ms;
  const repeat = d.repeat === undefined ? 1 : d.repeat;
  const isolation = d.isolation === undefined ? 'none' : d.isolation;
  if (!between(concurrency, 1, MAX_CONCURRENCY) || !between(timeout, 1, MAX_TIMER_MS))
    return undefined;
  if (!between(repeat, 1, MAX_REPEAT) || !oneOf(isolation, ISOLATION_MODES)) return undefined;
  const checks = d.checks === undefined ? {} : toChecks(d.checks);
  const gates = d.gates === undefined ? [] : list(d.gates, toGate);
  const costs = d.costs === undefined ? {} : toCosts(d.costs);
  const allowRead = d.allow_read === undefined ? [] : list(d.allow_read, checkedText);
  const reports = toReports(d.reports);
  if (checks === undefined || gates === undefined || costs === undefined) return undefined;
  if (allowRead === undefined || reports === undefined) return undefined;
  const effects = d.effects === undefined ? undefined : toEffects(d.effects);
  const facts = d.facts === undefined ? undefined : toFacts(d.facts);
  const cassette = d.cassette === undefined ? undefined : toCassette(d.cassette);
  if ((d.effects !== undefined && !effects) || (d.facts !== undefined && !facts)) return undefined;
  if (d.cassette !== undefined && !cassette) return undefined;
  // Field by field, in the schema's order (a suite's fingerprint hashes its settings as read).
  const out: Value = {};
  if (d.$schema !== undefined) out.$schema = d.$schema;
  out.name = d.name;
  if (d.description !== undefined) out.description = d.description;
  if (cases !== undefined) out.cases = cases;
  out.adapter = adapter;
  out.concurrency = concurrency;
  out.timeout_ms = timeout;
  out.isolation = isolation;
  out.repeat = repeat;
  out.checks = checks;
  out.gates = gates;
  out.costs = costs;
  if (effects !== undefined) out.effects = effects;
  if (facts !== undefined) out.facts = facts;
  out.faults = [];
  if (cassette !== undefined) out.cassette = cassette;
  out.allow_read = allowRead;
  out.reports = reports;
  return out as ParsedSuite;
}

const SUITE_KEYS = new Set([
  ...['$schema', 'name', 'description', 'cases', 'adapter', 'concurrency', 'timeout_ms'],
  ...['isolation', 'repeat', 'checks', 'gates', 'costs', 'effects', 'facts', 'cassette'],
  ...['allow_read', 'reports'],
]);
const CASES_KEYS = new Set(['include', 'exclude', 'tags', 'exclude_tags']);
const MODULE_KEYS = new Set(['type', 'path', 'options']);
const REPORTS_KEYS = new Set(['dir', 'formats']);

const checkedText = (v: unknown) => (text(v) ? v : undefined);
const anyText = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** A safe whole number from `min` to `max`, as zod's `int().min().max()` takes it. */
function between(v: unknown, min: number, max: number): v is number {
  return whole(v, min) && (v as number) <= max;
}

/** A finite number from `min` to `max` (zod's `number()` refuses the infinities). */
function within(v: unknown, min: number, max: number): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
}

function oneOf<T extends string>(v: unknown, values: readonly T[]): v is T {
  return typeof v === 'string' && (values as readonly string[]).includes(v);
}

function toCases(v: unknown): Value | undefined {
  if (!plain(v, CASES_KEYS)) return undefined;
  const include = list(v.include, checkedText);
  const exclude = v.exclude === undefined ? [] : list(v.exclude, checkedText);
  const tags = v.tags === undefined ? [] : list(v.tags, anyText);
  const excludeTags = v.exclude_tags === undefined ? [] : list(v.exclude_tags, anyText);
  if (!include || !exclude || !tags || !excludeTags) return undefined;
  return { include, exclude, tags, exclude_tags: excludeTags };
}

/** `adapter:` as the schema returns it, by its type. */
function toAdapter(v: unknown): Value | undefined {
  const type = typeof v === 'object' && v !== null ? (v as Value).type : undefined;
  if (type === 'module' || type === 'openai-agents' || type === 'langgraph') {
    if (!plain(v, MODULE_KEYS) || !text(v.path)) return undefined;
    const options = v.options === undefined ? {} : copy(v.options);
    return options && { type, path: v.path, options };
  }
  if (type === 'traces') return toTracesAdapter(v);
  return type === 'http' ? toHttpAdapter(v) : undefined;
}

const TRACES_KEYS = new Set(['type', 'files', 'steps', 'recognize', 'names']);
const STEP_ATTRIBUTE_KEYS = new Set(['attribute', 'first']);
const TRACE_STEP_RULES = ['customer_turns', 'agent_turns', 'root_children'] as const;

function toTracesAdapter(v: unknown): Value | undefined {
  if (!plain(v, TRACES_KEYS)) return undefined;
  const files = v.files === undefined ? [] : list(v.files, checkedText);
  const steps = v.steps === undefined ? 'customer_turns' : toTraceSteps(v.steps);
  // Recognition rules are the schema's to check (patterns, presets, places on a span).
  const recognize = v.recognize === undefined ? [] : list(v.recognize, () => undefined);
  const names = v.names === undefined ? {} : recordOf(v.names, (n) => (name(n) ? n : undefined));
  if (!files || steps === undefined || !recognize || !names) return undefined;
  return { type: 'traces', files, steps, recognize, names };
}

function toTraceSteps(v: unknown): Value | string | undefined {
  if (oneOf(v, TRACE_STEP_RULES)) return v;
  if (!plain(v, STEP_ATTRIBUTE_KEYS) || !text(v.attribute)) return undefined;
  const first = v.first === undefined ? 0 : v.first;
  return Number.isSafeInteger(first) ? { attribute: v.attribute, first } : undefined;
}

const HTTP_KEYS = new Set(['type', 'url', 'method', 'headers', 'body', 'decision', 'start']);
for (const key of ['otlp_port', 'span_wait_ms']) HTTP_KEYS.add(key);
const DECISION_KEYS = new Set(['from', 'handoff_to', 'reason', 'payload', 'agent']);
const START_KEYS = new Set(['command', 'args', 'cwd', 'env', 'ready_url', 'ready_timeout_ms']);
const HTTP_METHODS = ['POST', 'PUT', 'PATCH'] as const;

function toHttpAdapter(v: unknown): Value | undefined {
  if (!plain(v, HTTP_KEYS) || !text(v.url)) return undefined;
  const method = v.method === undefined ? 'POST' : v.method;
  const headers = v.headers === undefined ? {} : recordOf(v.headers, anyText, true);
  const decision = v.decision === undefined ? { from: 'spans' } : toDecision(v.decision);
  const start = v.start === undefined ? undefined : toStart(v.start);
  const port = v.otlp_port === undefined ? 0 : v.otlp_port;
  const wait = v.span_wait_ms === undefined ? 2000 : v.span_wait_ms;
  if (!oneOf(method, HTTP_METHODS) || !headers || !decision) return undefined;
  if ((v.start !== undefined && !start) || !between(port, 0, 65_535)) return undefined;
  if (!between(wait, 0, MAX_TIMER_MS)) return undefined;
  const out: Value = { type: 'http', url: v.url, method, headers };
  if (v.body !== undefined) out.body = v.body;
  out.decision = decision;
  if (start !== undefined) out.start = start;
  out.otlp_port = port;
  out.span_wait_ms = wait;
  return out;
}

function toDecision(v: unknown): Value | undefined {
  if (!plain(v, DECISION_KEYS)) return undefined;
  if (v.from === 'spans') return Object.keys(v).length === 1 ? { from: 'spans' } : undefined;
  if (v.from !== 'response' || !text(v.handoff_to)) return undefined;
  const out: Value = { from: 'response', handoff_to: v.handoff_to };
  for (const key of ['reason', 'payload', 'agent']) {
    if (v[key] === undefined) continue;
    if (typeof v[key] !== 'string') return undefined;
    out[key] = v[key];
  }
  return out;
}

function toStart(v: unknown): Value | undefined {
  if (!plain(v, START_KEYS) || !text(v.command)) return undefined;
  const args = v.args === undefined ? [] : list(v.args, anyText);
  const env = v.env === undefined ? {} : recordOf(v.env, anyText, true);
  const ready = v.ready_timeout_ms === undefined ? 15_000 : v.ready_timeout_ms;
  if (!args || !env || !between(ready, 1, MAX_TIMER_MS)) return undefined;
  if (v.cwd !== undefined && typeof v.cwd !== 'string') return undefined;
  if (v.ready_url !== undefined && typeof v.ready_url !== 'string') return undefined;
  const out: Value = { command: v.command, args };
  if (v.cwd !== undefined) out.cwd = v.cwd;
  out.env = env;
  if (v.ready_url !== undefined) out.ready_url = v.ready_url;
  out.ready_timeout_ms = ready;
  return out;
}

const EFFECTS_KEYS = new Set(['endpoints', 'tools', 'allow_hosts']);
const ENDPOINT_KEYS = new Set(['name', 'method', 'url', 'identity', 'owner', 'dedupe', 'respond']);
const TOOL_EFFECT_KEYS = new Set(['tool', 'effect', 'key', 'owner']);
const RESPOND_KEYS = new Set(['status', 'body']);
const ENDPOINT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const IDENTITY_PLACES = ['body', 'header', 'query'] as const;

function toEffects(v: unknown): Value | undefined {
  if (!plain(v, EFFECTS_KEYS)) return undefined;
  const endpoints = v.endpoints === undefined ? [] : list(v.endpoints, toEndpoint);
  const tools = v.tools === undefined ? undefined : list(v.tools, toToolEffect);
  const hosts = v.allow_hosts === undefined ? [] : list(v.allow_hosts, checkedText);
  if (!endpoints || (v.tools !== undefined && !tools) || !hosts) return undefined;
  return tools === undefined
    ? { endpoints, allow_hosts: hosts }
    : { endpoints, tools, allow_hosts: hosts };
}

function toEndpoint(v: unknown): Value | undefined {
  if (!plain(v, ENDPOINT_KEYS) || !text(v.name) || !text(v.url)) return undefined;
  const method = v.method === undefined ? 'POST' : v.method;
  const identity = toIdentity(v.identity);
  const dedupe = v.dedupe === undefined ? undefined : toIdentity(v.dedupe);
  const respond = v.respond === undefined ? { status: 200 } : toRespond(v.respond);
  if (!oneOf(method, ENDPOINT_METHODS) || !identity || !respond) return undefined;
  if ((v.owner !== undefined && !name(v.owner)) || (v.dedupe !== undefined && !dedupe))
    return undefined;
  const out: Value = { name: v.name, method, url: v.url, identity };
  if (v.owner !== undefined) out.owner = v.owner;
  if (dedupe !== undefined) out.dedupe = dedupe;
  out.respond = respond;
  return out;
}

/** One of `{ body }`, `{ header }`, `{ query }`: a key read from that part of a request. */
function toIdentity(v: unknown): Value | undefined {
  if (!plain(v, undefined)) return undefined;
  const keys = Object.keys(v);
  const place = keys[0];
  if (keys.length !== 1 || !oneOf(place, IDENTITY_PLACES) || !text(v[place])) return undefined;
  return { [place]: v[place] };
}

function toRespond(v: unknown): Value | undefined {
  if (!plain(v, RESPOND_KEYS)) return undefined;
  const status = v.status === undefined ? 200 : v.status;
  if (!between(status, 200, 299)) return undefined;
  return v.body === undefined ? { status } : { status, body: v.body };
}

function toToolEffect(v: unknown): Value | undefined {
  if (!plain(v, TOOL_EFFECT_KEYS) || !text(v.tool)) return undefined;
  const out: Value = { tool: v.tool };
  for (const key of ['effect', 'key']) {
    if (v[key] === undefined) continue;
    if (!text(v[key])) return undefined;
    out[key] = v[key];
  }
  if (v.owner === undefined) return out;
  if (!name(v.owner)) return undefined;
  out.owner = v.owner;
  return out;
}

/** `facts:` — each fact's phrasings (at least one), by its name. */
function toFacts(v: unknown): Value | undefined {
  return recordOf(v, (phrasings) => {
    const out = list(phrasings, checkedText);
    return out && out.length > 0 ? out : undefined;
  });
}

const CASSETTE_KEYS = new Set(['file', 'mode', 'hosts', 'redact_headers']);

function toCassette(v: unknown): Value | undefined {
  if (!plain(v, CASSETTE_KEYS) || !text(v.file)) return undefined;
  const mode = v.mode === undefined ? 'replay' : v.mode;
  const hosts = list(v.hosts, checkedText);
  const headers = v.redact_headers === undefined ? [] : list(v.redact_headers, checkedText);
  if (!oneOf(mode, ['replay', 'record']) || !hosts || hosts.length === 0 || !headers)
    return undefined;
  return { file: v.file, mode, hosts, redact_headers: headers };
}

/**
 * A record whose values `item` takes, copied in the order written (as zod's `record()` returns
 * it); its keys non-empty unless `anyKey`.
 */
function recordOf(v: unknown, item: (x: unknown) => unknown, anyKey = false): Value | undefined {
  if (!plain(v, undefined)) return undefined;
  const out: Value = {};
  for (const k in v) {
    const checked = item(v[k]);
    if ((k === '' && !anyKey) || checked === undefined) return undefined;
    out[k] = checked;
  }
  return out;
}

/** A record of any values, copied as zod's `record(string(), unknown())` returns it. */
function copy(v: unknown): Value | undefined {
  if (!plain(v, undefined)) return undefined;
  const out: Value = {};
  for (const k in v) out[k] = v[k];
  return out;
}

/** The checks whose options default to `{}`, and whose options are always empty. */
const EMPTY_OPTIONS = ['handoff-timing', 'bounce', 'effects', 'ownership', 'reask'];
const CHECK_KEYS = new Set([...EMPTY_OPTIONS, 'hops', 'missing-fact', 'reason', 'tools']);
const EMPTY = new Set<string>();
const HOPS_KEYS = new Set(['max_hops']);
const MATCH_KEYS = new Set(['match']);
const REQUIRE_KEYS = new Set(['require']);
/** Each check in the schema's order. */
const CHECK_ORDER = [
  ...['handoff-timing', 'bounce', 'hops', 'missing-fact', 'effects', 'ownership'],
  ...['reason', 'reask', 'tools'],
];

/**
 * `checks:` as the schema returns it: `false` turns a check off; a check left out takes its
 * default options when it has some (every check but hops, reason and tools).
 */
function toChecks(v: unknown): Value | undefined {
  if (!plain(v, CHECK_KEYS)) return undefined;
  const out: Value = {};
  for (const key of CHECK_ORDER) {
    const given = v[key];
    const options = given === false ? false : checkOptions(key, given);
    if (options === undefined) {
      if (given !== undefined) return undefined;
      continue;
    }
    out[key] = options;
  }
  return out;
}

/** The options of one check as the schema fills them in; undefined when it has none or fails. */
function checkOptions(key: string, given: unknown): Value | boolean | undefined {
  if (key === 'reason') {
    if (typeof given === 'boolean') return given;
    if (given === undefined || !plain(given, REQUIRE_KEYS)) return undefined;
    const require = given.require === undefined ? false : given.require;
    return typeof require === 'boolean' ? { require } : undefined;
  }
  if (key === 'hops') {
    if (given === undefined || !plain(given, HOPS_KEYS)) return undefined;
    if (given.max_hops === undefined) return {};
    return whole(given.max_hops, 0) ? { max_hops: given.max_hops } : undefined;
  }
  if (key === 'missing-fact' || key === 'tools') {
    if (given === undefined) return key === 'tools' ? undefined : { match: 'equals' };
    if (!plain(given, MATCH_KEYS)) return undefined;
    const match =
      given.match === undefined ? (key === 'tools' ? 'superset' : 'equals') : given.match;
    const modes: readonly string[] = key === 'tools' ? TOOL_MATCH_MODES : CARRY_MATCHES;
    return oneOf(match, modes) ? { match } : undefined;
  }
  if (given === undefined) return {};
  return plain(given, EMPTY) ? {} : undefined;
}

const GATE_KEYS: Readonly<Record<string, ReadonlySet<string>>> = {
  count: new Set(['metric', 'code', 'max']),
  rate: new Set(['metric', 'code', 'max', 'bound']),
  pass_rate: new Set(['metric', 'min']),
  pass_all_repeats: new Set(['metric', 'min']),
  errored: new Set(['metric', 'max']),
  cost: new Set(['metric', 'max']),
  properties_failed: new Set(['metric', 'max']),
};

/** One gate as the schema returns it (its fields in the schema's order). */
function toGate(v: unknown): Value | undefined {
  const metric = typeof v === 'object' && v !== null ? (v as Value).metric : undefined;
  const keys = typeof metric === 'string' && Object.hasOwn(GATE_KEYS, metric) && GATE_KEYS[metric];
  if (!keys || !plain(v, keys)) return undefined;
  switch (metric) {
    case 'count':
      return oneOf(v.code, FINDING_CODES) && whole(v.max, 0)
        ? { metric, code: v.code, max: v.max }
        : undefined;
    case 'rate': {
      const bound = v.bound === undefined ? 'point' : v.bound;
      return oneOf(v.code, FINDING_CODES) && within(v.max, 0, 1) && oneOf(bound, BOUNDS)
        ? { metric, code: v.code, max: v.max, bound }
        : undefined;
    }
    case 'pass_rate':
    case 'pass_all_repeats':
      return within(v.min, 0, 1) ? { metric, min: v.min } : undefined;
    case 'cost':
      return within(v.max, 0, Number.MAX_VALUE) ? { metric, max: v.max } : undefined;
    default:
      return whole(v.max, 0) ? { metric, max: v.max } : undefined;
  }
}

const BOUNDS = ['point', 'upper'] as const;

/** Cost weights by finding code, in the order written. */
function toCosts(v: unknown): Value | undefined {
  if (!plain(v, undefined)) return undefined;
  const out: Value = {};
  for (const code in v) {
    if (!oneOf(code, FINDING_CODES) || !within(v[code], 0, Number.MAX_VALUE)) return undefined;
    out[code] = v[code];
  }
  return out;
}

function toReports(v: unknown): Value | undefined {
  if (v === undefined) return { formats: [...DEFAULT_REPORT_FORMATS] };
  if (!plain(v, REPORTS_KEYS) || (v.dir !== undefined && typeof v.dir !== 'string'))
    return undefined;
  const formats =
    v.formats === undefined
      ? [...DEFAULT_REPORT_FORMATS]
      : list(v.formats, (f) => (oneOf(f, REPORT_FORMATS) ? f : undefined));
  if (formats === undefined) return undefined;
  return v.dir === undefined ? { formats } : { dir: v.dir, formats };
}
