import { writeFile } from './traces.ts';

console.log(await writeFile(process.argv[2] as string, Number(process.argv[3] ?? 1_000_000)));
