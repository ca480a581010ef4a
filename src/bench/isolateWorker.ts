// Entry of one worker thread of measureInIsolates: a fresh JavaScript engine that loads every build
// anew, times them interleaved and posts the timings back.
import { parentPort, workerData } from 'node:worker_threads';
import { measureInterleaved } from './interleaved.js';
import { checkRuns, loadBuild } from './layer1Build.js';
import type { IsolateRequest } from './isolates.js';
import { timerOverheadNs } from './measure.js';

const request = workerData as IsolateRequest;
const builds = [];
for (const root of request.roots) builds.push(await loadBuild(root));
for (const build of builds) checkRuns(build);
const overheadNs = timerOverheadNs();
const timings = measureInterleaved(builds, request.texts, { ...request.settings, overheadNs });
parentPort!.postMessage({ timings, overheadNs });
