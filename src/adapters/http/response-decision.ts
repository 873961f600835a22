import type { HttpAdapterConfig } from '../../model/adapter-config.ts';
import type { HandoffSpec } from '../../public/conventions.ts';
import { readPath, splitStar } from './json-path.ts';

export type ResponseDecision = Extract<HttpAdapterConfig['decision'], { from: 'response' }>;

/**
 * The handoffs a service reported in one response body, in order. `handoff_to` names the
 * receiver; an empty, null or missing value means "no handoff at this step". When it has a `*`
 * segment (`handoffs.*.to`) every element of that array is one handoff, and the other paths
 * under the same `handoffs.*.` are read in the same element. The sender is `agent` when given,
 * else the owner Baton tracks: the case entry, then the receiver of the previous handoff.
 */
export function handoffsIn(
  body: unknown,
  decision: ResponseDecision,
  owner: string,
  persons: readonly string[],
): HandoffSpec[] {
  const star = splitStar(decision.handoff_to);
  const items = star ? readPath(body, star.list) : [body];
  if (!Array.isArray(items)) return [];
  const out: HandoffSpec[] = [];
  let from = owner;
  for (const item of items) {
    const field = (path: string | undefined) => read(body, item, star?.list, path);
    const to = text(field(decision.handoff_to));
    if (to === undefined) continue;
    const agent = text(field(decision.agent));
    const reason = text(field(decision.reason));
    const payload = decision.payload === undefined ? undefined : field(decision.payload);
    out.push({
      from: agent ?? from,
      to,
      ...(reason !== undefined && { reason }),
      ...(payload !== undefined && payload !== null && { payload }),
      ...(persons.includes(to) && { targetKind: 'person' as const }),
    });
    from = to;
  }
  return out;
}

/** A path under `<list>.*.` is read in the element; any other path in the whole body. */
function read(body: unknown, item: unknown, list: string | undefined, path: string | undefined) {
  if (path === undefined) return undefined;
  const star = splitStar(path);
  if (star && list !== undefined && star.list === list) return readPath(item, star.item);
  return readPath(body, path);
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}
