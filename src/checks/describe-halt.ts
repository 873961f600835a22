import type { FindingData } from '../model/finding.ts';

/** A run the implementation's framework stopped: its turn limit, or a guardrail's tripwire. */
export function describeHalt(f: FindingData): string {
  const o = (f.observed ?? {}) as { limit?: number; guardrail?: string; detail?: string };
  const detail = o.detail ? `: ${o.detail}` : '';
  if (f.code === 'case.guardrail_tripped') {
    const which = o.guardrail ? `the guardrail ${o.guardrail}` : 'a guardrail';
    const meant = isGuardrailLabel(f.expected) ? `; the case expects ${tripText(f.expected)}` : '';
    return `${which} tripped at step ${f.step} and the SDK stopped the run${detail}${meant}`;
  }
  if (o.limit === undefined)
    return `the run hit the SDK's turn limit at step ${f.step} and was stopped unfinished${detail}`;
  return `the run hit the SDK's turn limit at step ${f.step} (limit ${o.limit}) and was stopped unfinished`;
}

interface GuardrailLabel {
  readonly guardrail: string;
  readonly window?: readonly [number, number];
}

function isGuardrailLabel(v: unknown): v is GuardrailLabel {
  return typeof (v as { guardrail?: unknown } | null)?.guardrail === 'string';
}

/** `the guardrail pii to trip at step 2`, `a guardrail to trip`. */
function tripText(g: GuardrailLabel): string {
  const which = g.guardrail === 'any' ? 'a guardrail' : `the guardrail ${g.guardrail}`;
  const w = g.window;
  const when =
    w === undefined ? '' : w[0] === w[1] ? ` at step ${w[0]}` : ` at steps ${w[0]}–${w[1]}`;
  return `${which} to trip${when}`;
}

/** An expected guardrail trip that never came, and what happened instead. */
export function describeNotTripped(f: FindingData): string {
  const label = isGuardrailLabel(f.expected) ? f.expected : { guardrail: 'any' };
  const o = (f.observed ?? {}) as { cause?: string; step?: number; guardrail?: string };
  const expects = `the case expects ${tripText(label)}`;
  if (o.cause === 'turn_limit')
    return `${expects}; the run hit the SDK's turn limit at step ${o.step} instead`;
  if (o.cause !== 'guardrail') return `${expects}; none tripped and the run went on to its end`;
  const which =
    o.guardrail === undefined
      ? 'a guardrail'
      : o.guardrail === label.guardrail
        ? 'it'
        : `the guardrail ${o.guardrail}`;
  return `${expects}; ${which} tripped at step ${o.step} instead`;
}
