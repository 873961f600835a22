/**
 * The participant a tool names as receiver: itself when it is one, else the one it names up to
 * case and separators (`handoff_to_Writer`, `transfer_to_refund-agent` for `refund_agent`), else
 * the name as the tool gave it (the checks then call it a wrong target).
 */
export function receiverName(named: string, participants: readonly string[]): string {
  if (participants.includes(named)) return named;
  const wanted = canonical(named);
  const same = participants.filter((p) => canonical(p) === wanted);
  return same.length === 1 && same[0] !== undefined ? same[0] : named;
}

function canonical(name: string): string {
  return name.toLowerCase().replace(/[\s_.-]+/g, '');
}
