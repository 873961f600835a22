import { writeCases } from './load-cases.ts';
console.log(writeCases(Number(process.argv[2])));
