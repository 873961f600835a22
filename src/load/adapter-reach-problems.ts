import type { FileProblem } from '../errors.ts';
import type { AdapterConfig } from '../model/adapter-config.ts';
import {
  isDeliveryFault,
  isEndpointFault,
  unreachableDeliveryFault,
} from '../model/fault-kinds.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { type Draft, place } from './draft.ts';
import type { DataPath } from './load-result.ts';
import type { YamlSource } from './yaml-document.ts';

/**
 * Settings that would do nothing with the suite's adapter, so a green run would say more than
 * it tested: a service over HTTP makes its requests (effects, model calls) in its own process,
 * where Baton intercepts nothing; delivery faults need the module adapter's `info.deliver`. Each
 * is a problem at its line, not a fault that silently never fires.
 */
export function adapterReachProblems(config: ParsedSuite, source: YamlSource): FileProblem[] {
  const drafts = reachDrafts(config, config.adapter);
  // A variant with an adapter of its own runs the suite's settings through it: each setting it
  // could never act on is reported at the variant's adapter.
  for (const [name, variant] of Object.entries(config.variants ?? {})) {
    if (!variant.adapter) continue;
    for (const d of reachDrafts(config, variant.adapter))
      drafts.push({
        ...d,
        path: ['variants', name, 'adapter', 'type'],
        message: `${d.message} (variant ${name}, for the suite's ${d.path.join('.')})`,
      });
  }
  return drafts.map((d) => place(d, source));
}

function reachDrafts(config: ParsedSuite, adapter: AdapterConfig): Draft[] {
  const drafts: Draft[] = [];
  const why = NOTHING_SEEN[adapter.type];
  if (why) drafts.push(...unseenDrafts(config, adapter.type, why));
  if (adapter.type !== 'module')
    config.faults.forEach((f, i) => {
      if (isDeliveryFault(f)) drafts.push(transportFault(f.fault, adapter, ['faults', i, 'fault']));
    });
  return drafts;
}

/** Adapters whose implementation's requests never pass through Baton's process, and why. */
const NOTHING_SEEN: Partial<Record<AdapterConfig['type'], string>> = {
  http: 'a service over HTTP makes its requests from its own process, where Baton intercepts nothing',
  traces: 'a traces suite runs nothing: it reads spans recorded before',
};

function unseenDrafts(config: ParsedSuite, type: string, why: string): Draft[] {
  const drafts: Draft[] = [];
  const effects = config.effects;
  if (effects && effects.endpoints.length > 0)
    drafts.push({
      path: ['effects', 'endpoints'],
      at: 'key',
      message: `expected effects the service's spans show, received effects.endpoints with adapter type ${type}: ${why}, so these endpoints would never see a commit`,
      fix: 'emit each effect from the service as a span (`emitEffect` from baton-handoffs/conventions), or name the tool that makes it in `effects.tools`; remove `effects.endpoints`',
    });
  if (config.cassette)
    drafts.push({
      path: ['cassette'],
      at: 'key',
      message: `expected no cassette with adapter type ${type}, received one: ${why}, so its model and tool calls would neither be recorded nor replayed`,
      fix: "remove `cassette` (record or fake a service's model calls inside the service)",
    });
  if (config.model_traffic)
    drafts.push({
      path: ['model_traffic'],
      at: 'key',
      message: `expected no model_traffic with adapter type ${type}, received it: ${why}, so no model response would reach Baton`,
      fix: 'emit the handoffs as spans from the service (`emitHandoff`, or GenAI/OpenInference spans your instrumentation makes), and remove `model_traffic`',
    });
  config.faults.forEach((f, i) => {
    if (isEndpointFault(f))
      drafts.push({
        path: ['faults', i, 'fault'],
        at: 'value',
        message: `expected a fault Baton can inject, received ${f.fault} with adapter type ${type}: ${why}, so the endpoint it names is never called through Baton`,
        fix: 'remove the fault, or inject it in the service (a fake of the endpoint that fails)',
      });
  });
  return drafts;
}

function transportFault(fault: string, adapter: AdapterConfig, path: DataPath): Draft {
  return {
    path,
    at: 'value',
    message: unreachableDeliveryFault(fault, adapter.type),
    fix: 'remove the fault, or drive the implementation through a module adapter whose code delivers handoffs with `info.deliver`',
  };
}
