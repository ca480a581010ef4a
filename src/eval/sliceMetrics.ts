/** Every metric of the suite again over each slice's dialogues; shards' slices merge exactly through their tallies. */
import type { Dialogue } from '../datasets/datasetTypes.js';
import type { SliceReport } from '../report/model/reportTypes.js';
import { compareSlices, sliceId, sliceKeys, type SliceKey } from '../report/model/slices.js';
import { MetricSet } from '../scoring/allScorers.js';
import type { MetricSettings } from '../scoring/metrics/registry.js';

interface Entry {
  readonly key: SliceKey;
  readonly metrics: MetricSet;
  total: number;
  passed: number;
}

export class SliceMetrics {
  private readonly slices = new Map<string, Entry>();
  private readonly entriesByTags = new WeakMap<readonly string[], Map<string, Entry[]>>();

  constructor(private readonly settings: MetricSettings) {}

  private slice(key: SliceKey): Entry {
    const id = sliceId(key);
    let entry = this.slices.get(id);
    if (!entry) {
      entry = { key, metrics: new MetricSet(this.settings), total: 0, passed: 0 };
      this.slices.set(id, entry);
    }
    return entry;
  }

  /**
   * A dialogue's slices, looked up once per tag list and file: dataset tag lists are shared
   * (datasets/intern.ts), so dialogues alike reuse the lookup.
   */
  private entriesOf(dialogue: Pick<Dialogue, 'tags' | 'file'>): readonly Entry[] {
    let byFile = this.entriesByTags.get(dialogue.tags);
    if (!byFile) {
      byFile = new Map();
      this.entriesByTags.set(dialogue.tags, byFile);
    }
    let entries = byFile.get(dialogue.file);
    if (!entries) {
      entries = sliceKeys(dialogue).map((key) => this.slice(key));
      byFile.set(dialogue.file, entries);
    }
    return entries;
  }

  /** One run of `dialogue`, already scored on its own, added to each of the dialogue's slices. */
  addRun(dialogue: Pick<Dialogue, 'tags' | 'file'>, scored: MetricSet): void {
    for (const entry of this.entriesOf(dialogue)) entry.metrics.absorbSet(scored);
  }

  addDialogue(dialogue: Pick<Dialogue, 'tags' | 'file'>, passed: boolean): void {
    for (const entry of this.entriesOf(dialogue)) {
      entry.total++;
      if (passed) entry.passed++;
    }
  }

  /** A shard's slice, back into the whole run's (`merge`). */
  absorb(slice: SliceReport): void {
    const entry = this.slice(slice);
    entry.total += slice.dialogues.total;
    entry.passed += slice.dialogues.passed;
    if (slice.tallies) entry.metrics.absorb(slice.tallies);
  }

  results(): SliceReport[] {
    return [...this.slices.values()]
      .map(({ key, metrics, total, passed }) => ({
        kind: key.kind,
        name: key.name,
        dialogues: { total, passed, failed: total - passed },
        metrics: Object.fromEntries(Object.entries(metrics.results()).map(([name, m]) => [name, { score: m.score, counts: m.counts }])),
        tallies: metrics.tallies(),
      }))
      .sort(compareSlices);
  }
}
