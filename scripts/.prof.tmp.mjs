import { benchCorpus } from '../dist/bench/corpus.js';
import { classifyLocal } from '../dist/domain/localIntent.js';
const { utterances } = benchCorpus(['datasets']);
let sink = 0; const t = performance.now();
for (let r = 0; r < 4000; r++) for (const u of utterances) sink += classifyLocal(u).kind.length;
const ms = performance.now() - t; console.log(sink, (ms * 1000 / (4000 * utterances.length)).toFixed(3), 'µs/call');
// per-utterance cost: top 15 most expensive
const costs = utterances.map((u) => { const t0 = process.hrtime.bigint(); for (let i = 0; i < 200; i++) classifyLocal(u); return [Number(process.hrtime.bigint() - t0) / 200 / 1000, u, classifyLocal(u).kind]; });
costs.sort((a, b) => b[0] - a[0]); for (const c of costs.slice(0, 12)) console.log(c[0].toFixed(2), c[2], c[1]);
const short = costs.filter(c => c[1].length <= 6); console.log('short mean', (short.reduce((a, c) => a + c[0], 0) / short.length).toFixed(3), short.length);
