import type { Dialogue } from './datasetTypes.js';

/** Where each loaded dialogue's id is written, so cross-file duplicate ids can be located precisely. */
export const idPositions = new WeakMap<Dialogue, { readonly line: number; readonly col: number }>();
