import { ATTR, EVENT } from '../../conventions/attributes.ts';
import type { AttrValue } from '../../normalize/span-record.ts';
import type { MappingRules } from './options.ts';

type Attrs = Record<string, AttrValue>;

/** Baton's handoff attributes; the payload is the tool arguments as sent (JSON text). */
export function handoff(
  from: string,
  to: string,
  targetKind: 'agent' | 'person',
  payload: string | undefined,
): Attrs {
  return {
    [ATTR.event]: EVENT.handoff,
    [ATTR.handoffFrom]: from,
    [ATTR.handoffTo]: to,
    [ATTR.handoffTargetKind]: targetKind,
    ...(payload !== undefined &&
      payload !== '' && {
        [ATTR.handoffPayload]: payload,
        [ATTR.handoffPayloadSize]: Buffer.byteLength(payload),
      }),
  };
}

/** The participant name of an SDK agent name (`agent_names`). */
export function nameOf(sdkName: string, rules: MappingRules): string {
  return rules.names.get(sdkName) ?? sdkName;
}
