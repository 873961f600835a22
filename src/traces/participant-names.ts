/**
 * Maps agent names as traces write them to participant names as cases write them: an explicit
 * `names` entry (exact, then ignoring case), else the name with every run of characters a
 * participant name cannot hold (spaces, `/`, `:` …) turned into `_` — as the Agents SDK does for
 * its `transfer_to_<Agent_Name>` tools, so `Refund Agent` and `transfer_to_Refund_Agent` agree.
 */
export function participantNames(
  names: Readonly<Record<string, string>>,
): (traceName: string) => string {
  const exact = new Map(Object.entries(names));
  const folded = new Map(Object.entries(names).map(([k, v]) => [k.toLowerCase(), v]));
  return (traceName) => {
    const trimmed = traceName.trim();
    return exact.get(trimmed) ?? folded.get(trimmed.toLowerCase()) ?? trimmed.replace(INVALID, '_');
  };
}

const INVALID = /[^A-Za-z0-9_.-]+/g;
