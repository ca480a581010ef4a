import { describe, expect, it } from 'vitest';
import { buildCorrectionRequest, mapCorrectionsBack } from '../../src/domain/correctionProtocol.js';
import { MAX_BATCH_SIZE, pendingItems } from '../../src/domain/draftBatch.js';
import type { CorrectionResponse } from '../../src/domain/correctionProtocol.js';
import type { OrchestratorEvent } from '../../src/domain/orchestratorTypes.js';
import { mulberry32 } from '../../src/util/random.js';
import { Driver, tx } from '../support/driver.js';

const SEQUENCES = 400;
const STEPS = 25;
const LOCAL_LINES = ['确认第一笔', '确认第三笔', '删掉第二笔', '取消第五笔', '确认第十笔', '删掉第七笔'];

/** A random user/LLM move in CONFIRMING; the LLM answers with random but protocol-shaped output. */
function randomMove(d: Driver, random: () => number): void {
  const pending = d.state.batch ? pendingItems(d.state.batch).length : 0;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const roll = random();
  const saving = d.state.inFlight;
  if (saving?.kind === 'save') {
    d.send(random() < 0.8 ? { type: 'saveSucceeded', id: saving.id } : { type: 'saveFailed', id: saving.id, message: 'x' });
    return;
  }
  if (d.state.phase !== 'CONFIRMING') {
    const size = 1 + Math.floor(random() * 12);
    d.open(
      '新的一批',
      Array.from({ length: size }, (_, i) => tx(i + 1, '餐饮')),
    );
    return;
  }
  if (roll < 0.3) {
    d.say(pick(LOCAL_LINES));
    return;
  }
  const call = d.all('callCorrect', d.say('第二笔改一下'))[0]!;
  let response: CorrectionResponse;
  if (roll < 0.6) {
    const n = 1 + Math.floor(random() * 3);
    response = {
      corrections: Array.from({ length: n }, () => ({
        index: Math.floor(random() * (pending + 1)) - (random() < 0.1 ? 1 : 0),
        updatedFields: { amount: Math.floor(random() * 100) + 1 },
      })),
      intent: 'correction',
      confidence: random(),
    };
  } else if (roll < 0.8) {
    response = { corrections: [{ index: -1, updatedFields: { amount: 9 } }], intent: 'append', confidence: 0.9 };
  } else {
    const failures: OrchestratorEvent[] = [
      { type: 'correctionFailed', id: call.id, reason: 'malformed' },
      { type: 'timerFired', name: 'llmDeadline', id: call.id },
    ];
    d.send(pick(failures));
    return;
  }
  d.send({ type: 'correctionSucceeded', id: call.id, response });
}

describe('invariants over generated dialogues', () => {
  it(`over ${SEQUENCES} random sequences: the batch never exceeds ${MAX_BATCH_SIZE}, indices stay unique and stable, resolved items stay resolved (but for a failed save's rollback), and a correction never clears the batch`, () => {
    const random = mulberry32(20261121);
    for (let s = 0; s < SEQUENCES; s++) {
      const d = new Driver();
      for (let i = 0; i < STEPS; i++) {
        const before = d.state.batch;
        randomMove(d, random);
        const after = d.state.batch;
        if (after) {
          expect(after.items.length).toBeLessThanOrEqual(MAX_BATCH_SIZE);
          const indices = after.items.map((item) => item.index);
          expect(new Set(indices).size).toBe(indices.length);
          expect([...indices].sort((a, b) => a - b)).toEqual(indices);
          // A failed save restores the batch as it was before the operation that completed it.
          const rolledBack = d.last.some((e) => e.type === 'notify' && e.callback === 'onError');
          if (before && !rolledBack) {
            for (const item of before.items) {
              const same = after.items.find((x) => x.index === item.index);
              if (same && item.status !== 'pending') expect(same.status).toBe(item.status);
            }
          }
        }
        const applied = d.last.some((e) => e.type === 'routed' && e.outcome === 'applied');
        if (applied) expect(after).not.toBeNull();
      }
    }
  });

  it('remapping is a bijection from sent indices onto the pending items', () => {
    const random = mulberry32(7);
    for (let s = 0; s < SEQUENCES; s++) {
      const d = new Driver();
      const size = 1 + Math.floor(random() * 10);
      d.open(
        '一批',
        Array.from({ length: size }, (_, i) => tx(i + 1, '餐饮')),
      );
      for (let i = 0; i < size; i++) {
        if (random() < 0.4) d.say(random() < 0.5 ? `确认第${i + 1}笔` : `删掉第${i + 1}笔`);
      }
      const batch = d.state.batch;
      if (!batch) continue;
      const { request, originalIndexOf } = buildCorrectionRequest(batch, 'x');
      const pending = pendingItems(batch);
      expect(request.currentBatch.map((item) => item.index)).toEqual(pending.map((_, i) => i));
      const mapped = mapCorrectionsBack(
        request.currentBatch.map((item) => ({ index: item.index, updatedFields: {} })),
        originalIndexOf,
      );
      const originals = mapped.map((m) => m.originalIndex);
      expect(new Set(originals).size).toBe(originals.length);
      expect(originals).toEqual(pending.map((item) => item.index));
      request.currentBatch.forEach((sent, i) => expect(sent.amount).toBe(pending[i]!.result.amount));
    }
  });
});
