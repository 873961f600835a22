import { writeFile } from './traces.ts';
await writeFile(process.argv[2] as string, Number(process.argv[3]));
