import { readFileSync } from 'node:fs';
import { parse, parseDocument, LineCounter } from 'yaml';
const text = readFileSync(process.argv[2], 'utf8');
let t = performance.now();
const lc = new LineCounter(); const doc = parseDocument(text, { lineCounter: lc }); const data = doc.toJS();
console.log('parseDocument+toJS', Math.round(performance.now() - t), 'ms', data.length);
t = performance.now(); parse(text); console.log('yaml.parse', Math.round(performance.now() - t), 'ms');
try { const jsyaml = (await import('js-yaml')).default; t = performance.now(); jsyaml.load(text); console.log('js-yaml', Math.round(performance.now() - t), 'ms'); } catch (e) { console.log('no js-yaml', e.message); }
const json = JSON.stringify(data); t = performance.now(); JSON.parse(json); console.log('JSON.parse', Math.round(performance.now() - t), 'ms', (json.length/1e6).toFixed(1), 'MB');
console.log('rss MB', Math.round(process.memoryUsage().rss / 1e6));
