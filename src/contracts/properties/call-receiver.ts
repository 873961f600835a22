import type { Envelope, ReceiveOutcome, Receiver } from '../types.ts';

/** A receiver's answer; `threw` marks an exception where a structured rejection belonged. */
export type Answer = ReceiveOutcome & { readonly threw?: string };

/**
 * Delivers a copy of `envelope` (a receiver may change what it gets) and turns a throw into a
 * rejection with no named fields, so a property can judge it.
 */
export async function callReceiver(receive: Receiver, envelope: Envelope): Promise<Answer> {
  try {
    const answer = await receive(structuredClone(envelope));
    if (answer && typeof answer === 'object' && typeof answer.accepted === 'boolean') return answer;
    return {
      accepted: false,
      reason: `answered ${JSON.stringify(answer)}`,
      fields: [],
      threw: 'a malformed answer',
    };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { accepted: false, reason: message, fields: [], threw: message };
  }
}

/** Does the rejection name one of the broken fields (in `fields` or in its reason)? */
export function namesAny(answer: Answer, broken: readonly string[]): boolean {
  if (answer.accepted || answer.threw) return false;
  const named = answer.fields.map((f) => f.toLowerCase());
  const reason = answer.reason.toLowerCase();
  return broken.some((field) => {
    const f = field.toLowerCase();
    const top = f.split(/[.[]/, 1)[0] ?? f;
    return (
      named.some(
        (n) =>
          n === f ||
          n === top ||
          n.startsWith(`${f}.`) ||
          n.startsWith(`${f}[`) ||
          f.startsWith(`${n}.`) ||
          f.startsWith(`${n}[`),
      ) || reason.includes(f)
    );
  });
}

/** One short line describing an answer, for failure messages. */
export function describeAnswer(answer: Answer): string {
  if (answer.accepted) return 'accepted it';
  if (answer.threw) return `threw ${answer.threw}`;
  const fields =
    answer.fields.length > 0 ? ` naming [${answer.fields.join(', ')}]` : ' naming no field';
  return `rejected it with "${answer.reason}"${fields}`;
}
