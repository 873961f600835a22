import { benchPeer } from './peer.ts';
const sizes = process.argv.slice(2).map(Number);
benchPeer((l, v) => console.log(l.padEnd(44), v), sizes.length ? sizes : [1]);
