import { describe, expect, it } from 'vitest';
import { classifyLocal, isLocalIntent, type LocalIntent } from '../../src/domain/localIntent.js';

const confirm: LocalIntent = { kind: 'confirm' };
const cancel: LocalIntent = { kind: 'cancel' };
const exit: LocalIntent = { kind: 'exit' };
const continueRecording: LocalIntent = { kind: 'continueRecording' };
const correction: LocalIntent = { kind: 'correction' };
const newInput: LocalIntent = { kind: 'newInput' };
const confirmItem = (index: number): LocalIntent => ({ kind: 'confirmItem', index });
const cancelItem = (index: number): LocalIntent => ({ kind: 'cancelItem', index });

describe('seed 003 混合意图分流: Layer 1', () => {
  it('Scenario: 确认意图由本地规则即时处理 — 「确认」 → confirm, local', () => {
    const intent = classifyLocal('确认');
    expect(intent).toEqual(confirm);
    expect(isLocalIntent(intent)).toBe(true);
  });

  it('Scenario: 取消意图由本地规则即时处理 — 「不要了」 → cancel, local', () => {
    const intent = classifyLocal('不要了');
    expect(intent).toEqual(cancel);
    expect(isLocalIntent(intent)).toBe(true);
  });

  it('Scenario: 逐条确认由本地规则处理 — 「确认第二笔」 → confirmItem(1)', () => {
    const intent = classifyLocal('确认第二笔');
    expect(intent).toEqual(confirmItem(1));
    expect(isLocalIntent(intent)).toBe(true);
  });

  it('Scenario: 逐条取消由本地规则处理 — 「删掉第三笔」 → cancelItem(2)', () => {
    const intent = classifyLocal('删掉第三笔');
    expect(intent).toEqual(cancelItem(2));
    expect(isLocalIntent(intent)).toBe(true);
  });

  it('Scenario: 纠正意图交由 LLM 处理 — 「修改为收入」 → correction, not local', () => {
    const intent = classifyLocal('修改为收入');
    expect(intent).toEqual(correction);
    expect(isLocalIntent(intent)).toBe(false);
  });

  it('Scenario: 自然语言纠正交由 LLM 处理 — 「那个应该是收入不是支出啊」 → correction, not local', () => {
    const intent = classifyLocal('那个应该是收入不是支出啊');
    expect(intent).toEqual(correction);
    expect(isLocalIntent(intent)).toBe(false);
  });
});

describe('seed 000 / 001 / 004 scenarios on the classifier', () => {
  it('Scenario: 全部确认 — 「确认」或「全部确认」 → confirm', () => {
    expect(classifyLocal('确认')).toEqual(confirm);
    expect(classifyLocal('全部确认')).toEqual(confirm);
  });

  it('Scenario: 逐条确认 — 「确认第一笔」 → confirmItem(0)', () => {
    expect(classifyLocal('确认第一笔')).toEqual(confirmItem(0));
  });

  it('Scenario: 取消 — 「取消」或「不要了」 → cancel', () => {
    expect(classifyLocal('取消')).toEqual(cancel);
    expect(classifyLocal('不要了')).toEqual(cancel);
  });

  it('Scenario: 逐条取消 / 多笔逐条取消 — 「删掉第二笔」 → cancelItem(1)', () => {
    expect(classifyLocal('删掉第二笔')).toEqual(cancelItem(1));
  });

  it('Scenario: 多笔全部确认 — 「确认」 with 4 pending items is still plain confirm', () => {
    expect(classifyLocal('确认')).toEqual(confirm);
  });

  it('Scenario: 多笔定点纠正 / 序号定位纠正 — 「第三笔改为支出」 → correction (ordinal with a field)', () => {
    expect(classifyLocal('第三笔改为支出')).toEqual(correction);
  });

  it('Scenario: 语音纠正通过 LLM 修改草稿 — 「改为收入」 → correction', () => {
    expect(classifyLocal('改为收入')).toEqual(correction);
  });

  it('Scenario: LLM 二次判定为确认 — 「嗯对就这样」 matches no deterministic intent and goes to the LLM', () => {
    const intent = classifyLocal('嗯对就这样');
    expect(isLocalIntent(intent)).toBe(false);
    expect(intent).toEqual(correction);
  });

  it('Scenario: 取消当前记录 — 「不要了」/「取消」 → cancel', () => {
    expect(classifyLocal('不要了')).toEqual(cancel);
    expect(classifyLocal('取消')).toEqual(cancel);
  });

  it('Scenario: 退出时清空对话历史 — an exit instruction → exit', () => {
    expect(classifyLocal('退出')).toEqual(exit);
  });

  it('Scenario: 连续记账 — 「继续记账」 → continueRecording', () => {
    expect(classifyLocal('继续记账')).toEqual(continueRecording);
  });

  it('Scenario: 在线纠正走 LLM 对话 — 「不对，应该是收入」 → correction', () => {
    expect(classifyLocal('不对，应该是收入')).toEqual(correction);
  });

  it('Scenario: 追加新笔 — 「还有一笔奶茶15」 → newInput although 还有 sounds like continuing', () => {
    expect(classifyLocal('还有一笔奶茶15')).toEqual(newInput);
  });

  it('Scenario: 整体纠正 — 「金额都加10块」 → correction', () => {
    expect(classifyLocal('金额都加10块')).toEqual(correction);
  });
});

describe('priority cancel > exit > continueRecording > confirm', () => {
  it.each([
    ['好的，取消', cancel],
    ['确认取消', cancel],
    ['算了不记了', cancel],
    ['算了，退出', cancel],
    ['不记了，退出', exit],
    ['好的，退出', exit],
    ['确认，继续记账', continueRecording],
    ['继续，确认', continueRecording],
    ['好的继续', continueRecording],
    ['好的没问题', confirm],
  ] as const)('%s → %o', (text, expected) => {
    expect(classifyLocal(text)).toEqual(expected);
  });
});

describe('classifier table', () => {
  it.each([
    // confirm
    ['确认', confirm],
    ['确定', confirm],
    ['对', confirm],
    ['对的', confirm],
    ['对对对', confirm],
    ['好的', confirm],
    ['好', confirm],
    ['好嘞', confirm],
    ['没问题', confirm],
    ['可以', confirm],
    ['可以的', confirm],
    ['是的', confirm],
    ['是', confirm],
    ['没错', confirm],
    ['行', confirm],
    ['ok', confirm],
    ['OK', confirm],
    ['Ok！', confirm],
    ['ＯＫ', confirm],
    ['yes', confirm],
    ['确认。', confirm],
    ['确认！！', confirm],
    ['  确认  ', confirm],
    ['确认吧', confirm],
    ['那就确认吧', confirm],
    ['全部都确认', confirm],
    ['都确认了', confirm],
    ['保存吧', confirm],
    ['好的，谢谢', confirm],
    ['确认一下', confirm],
    ['OK确认', confirm],
    // cancel
    ['取消', cancel],
    ['全部取消', cancel],
    ['不要了', cancel],
    ['算了', cancel],
    ['算了吧', cancel],
    ['取消吧', cancel],
    ['都不要了', cancel],
    ['我不要了', cancel],
    ['全删了', cancel],
    ['作废', cancel],
    ['那就取消吧', cancel],
    // exit
    ['退出', exit],
    ['结束', exit],
    ['不记了', exit],
    ['关闭', exit],
    ['退出吧', exit],
    ['不想记了', exit],
    ['拜拜', exit],
    ['结束记账', exit],
    // continueRecording
    ['继续', continueRecording],
    ['继续记账', continueRecording],
    ['下一笔', continueRecording],
    ['再记一笔', continueRecording],
    ['接着记', continueRecording],
    ['继续吧', continueRecording],
    // confirmItem / cancelItem (0-based)
    ['第二笔确认', confirmItem(1)],
    ['确认第2笔', confirmItem(1)],
    ['确认第２笔', confirmItem(1)],
    ['第一笔没问题', confirmItem(0)],
    ['第3笔对的', confirmItem(2)],
    ['第二笔是对的', confirmItem(1)],
    ['帮我确认第十笔', confirmItem(9)],
    ['确认第2条', confirmItem(1)],
    ['第两笔确认', confirmItem(1)],
    ['删除第1笔', cancelItem(0)],
    ['取消第2笔', cancelItem(1)],
    ['第二笔不要了', cancelItem(1)],
    ['第二个删掉', cancelItem(1)],
    ['去掉第二笔', cancelItem(1)],
    ['把第二笔删了吧', cancelItem(1)],
    ['第一笔算了', cancelItem(0)],
    ['第二笔不记了', cancelItem(1)],
    ['第十笔删除', cancelItem(9)],
    ['取消第一笔吧', cancelItem(0)],
    ['第四项删除', cancelItem(3)],
  ] as const)('%s → %o', (text, expected) => {
    expect(classifyLocal(text)).toEqual(expected);
  });

  it.each([
    // carries a field change or a type word: never plain confirm/cancel
    ['不对，应该是收入', correction],
    ['取消，改成50', correction],
    ['确认，不过金额是50', correction],
    ['对的，不过是收入', correction],
    ['不对', correction],
    ['错了', correction],
    ['搞错了', correction],
    ['应该是支出', correction],
    ['收入', correction],
    ['是收入', correction],
    ['改一下', correction],
    ['金额改成100', correction],
    ['分类改成餐饮', correction],
    ['是打车不是吃饭', correction],
    ['不是60是50', correction],
    ['那个应该是收入不是支出', correction],
    ['红包那笔应该是收入', correction],
    ['工资收入5000', correction],
    // an amount or a category alone edits the current item
    ['50', correction],
    ['五十块', correction],
    ['是60', correction],
    ['对，60', correction],
    ['打车', correction],
    // ordinals that are not a plain confirm/cancel of one item
    ['第二笔', correction],
    ['对，第二笔', correction],
    ['第二笔改成50', correction],
    ['第二笔金额不对', correction],
    ['第二笔是打车', correction],
    ['确认第二笔和第三笔', correction],
    ['第二笔删掉，第三笔确认', correction],
    ['第十一笔删除', correction],
    // negations and vague answers go to the LLM
    ['不确认', correction],
    ['嗯对就这样', correction],
    ['就这样吧', correction],
    ['可以，就这样', correction],
    ['嗯', correction],
    ['等一下', correction],
    ['不用了', correction],
    ['还有一笔', correction],
    ['', correction],
    // new transactions
    ['还有一笔奶茶15', newInput],
    ['奶茶15', newInput],
    ['吃饭60打车30', newInput],
    ['买菜花了30', newInput],
    ['昨天打车花了25', newInput],
    ['另外加一笔打车20', newInput],
    ['再加一笔地铁5块', newInput],
    ['还有个咖啡28', newInput],
    ['两个人吃饭100', newInput],
    ['好的，再记一笔奶茶15', newInput],
    ['还有一笔收入5000', newInput],
  ] as const)('%s → %o (not local)', (text, expected) => {
    const intent = classifyLocal(text);
    expect(intent).toEqual(expected);
    expect(isLocalIntent(intent)).toBe(false);
  });
});

describe('isLocalIntent', () => {
  it('is true exactly for the six deterministic kinds', () => {
    const kinds: [LocalIntent, boolean][] = [
      [confirm, true],
      [cancel, true],
      [exit, true],
      [continueRecording, true],
      [confirmItem(0), true],
      [cancelItem(3), true],
      [correction, false],
      [newInput, false],
    ];
    for (const [intent, local] of kinds) expect(isLocalIntent(intent)).toBe(local);
  });
});

describe('speed', () => {
  it('classifies in microseconds (loose bound so a loaded machine does not flake)', () => {
    const texts = ['确认', '删掉第三笔', '嗯对就这样', '还有一笔奶茶15', '不对，应该是收入', '吃饭60打车30'];
    for (let i = 0; i < 2000; i++) classifyLocal(texts[i % texts.length] ?? '');
    const calls = 20_000;
    const start = performance.now();
    for (let i = 0; i < calls; i++) classifyLocal(texts[i % texts.length] ?? '');
    const microsPerCall = ((performance.now() - start) * 1000) / calls;
    expect(microsPerCall).toBeLessThan(50);
  });
});
