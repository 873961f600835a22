import { writeBatonWorkload } from './peer-workload.ts';
const [dir, n, layout] = process.argv.slice(2);
writeBatonWorkload(dir as string, Number(n), process.cwd(), layout as 'files' | 'stream');
