import { resolve } from 'node:path';
import { canIDeploy, type DeployVerdict } from '../compat/can-i-deploy.ts';
import { compatibilityMatrix } from '../compat/matrix.ts';
import { renderMatrix, renderVerdict } from '../compat/render.ts';
import { BatonError } from '../errors.ts';
import { loadCompat } from '../load/load-compat.ts';
import { type CliIo, EXIT } from './io.ts';
import { printProblems } from './print-problems.ts';

export interface CanIDeployFlags {
  readonly deploy?: string;
  readonly live?: readonly string[];
  readonly json?: boolean;
}

/** `name@version` or `name=version`. */
function nameVersion(text: string, flag: string): [string, string] {
  const m = /^([^@=\s]+)[@=](\S+)$/.exec(text);
  if (!m?.[1] || !m[2])
    throw new BatonError(
      'usage',
      `Failed to read ${flag} "${text}": expected name@version, e.g. refunds@2.0.0.`,
    );
  return [m[1], m[2]];
}

/**
 * `baton can-i-deploy <compat.yaml>`: prints the compatibility matrix; with `--deploy name@version`
 * says whether that version can go live against the live versions (exit 0 yes, 1 no); without,
 * exit 1 when the live versions themselves are incompatible.
 */
export async function canIDeployCommand(
  file: string,
  flags: CanIDeployFlags,
  io: CliIo,
): Promise<number> {
  const loaded = await loadCompat(resolve(io.cwd, file));
  if (!loaded.ok) {
    printProblems(
      io,
      loaded.problems.map((p) => ({ ...p, file })),
    );
    return EXIT.usage;
  }
  const { config, envelopes, receivers } = loaded.value;
  const live = {
    ...config.live,
    ...Object.fromEntries((flags.live ?? []).map((l) => nameVersion(l, '--live'))),
  };
  const cells = compatibilityMatrix(envelopes, receivers);
  const known = new Set(receivers.map((r) => `${r.receiver}@${r.version}`));
  const verdicts: DeployVerdict[] = flags.deploy
    ? [canIDeploy(cells, known, ...nameVersion(flags.deploy, '--deploy'), live)]
    : Object.entries(live).map(([n, v]) => canIDeploy(cells, known, n, v, live));
  // Without --deploy, a live version nothing is known about is no incompatibility.
  const judged = flags.deploy ? verdicts : verdicts.filter((v) => !v.unknown);
  const ok = judged.every((v) => v.deployable);
  if (flags.json) {
    io.stdout(
      `${JSON.stringify({ name: config.name, live, cells, verdicts: judged, deployable: ok }, null, 2)}\n`,
    );
  } else {
    io.stdout(renderMatrix(config.name, cells));
    if (flags.deploy) io.stdout(`\n${renderVerdict(verdicts[0] as DeployVerdict)}`);
    else io.stdout(`\n${liveLine(judged)}\n`);
  }
  return ok ? EXIT.ok : EXIT.gateFailed;
}

function liveLine(verdicts: readonly DeployVerdict[]): string {
  const broken = verdicts.flatMap((v) =>
    v.checks.filter((c) => !c.ok).map((c) => `  ✗ ${v.name} ${v.version}: ${c.reason}`),
  );
  return broken.length === 0
    ? 'Live versions: compatible'
    : ['Live versions: incompatible', ...broken].join('\n');
}
