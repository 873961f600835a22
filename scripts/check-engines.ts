/**
 * `npm run check:engines` (part of `npm test`): every installed package must declare support
 * for the Node version Baton promises (package.json engines), so that a dependency bump that
 * needs a newer Node fails CI instead of slipping in with an npm warning. Packages verified to
 * run on it despite their declaration are listed, with the reason, below.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';

const KNOWN_TO_RUN: Record<string, string> = {
  openai: 'declares node >=22 from 7.0; every path the OpenAI Agents adapter uses runs on Node 20',
};

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const floor = semver.minVersion(pkg.engines.node);
if (!floor)
  throw new Error(`package.json engines.node "${pkg.engines.node}" is not a version range`);

const offenders: string[] = [];
for (const [path, info] of Object.entries(lock.packages)) {
  if (!path.startsWith('node_modules/')) continue;
  const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const range = Array.isArray(info.engines) ? undefined : info.engines?.node;
  if (!range || KNOWN_TO_RUN[name] || semver.satisfies(floor, range, { includePrerelease: true }))
    continue;
  offenders.push(`${name}@${info.version} needs node ${range}`);
}
if (offenders.length > 0) {
  console.error(
    `Failed to keep Node ${floor.version} supported: ${offenders.length} package(s) need a newer Node.`,
  );
  for (const o of offenders) console.error(`  ${o}`);
  console.error(
    'Pin an older version of each (see ../shared/design/STACK.md), or verify it runs and list it in scripts/check-engines.ts.',
  );
  process.exit(1);
}
console.log(
  `engines: every installed package supports Node ${floor.version} (${Object.keys(KNOWN_TO_RUN).length} verified exception).`,
);
