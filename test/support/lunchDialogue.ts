/**
 * The smallest scripted dialogue the CLI tests write to a file: "午饭35块" parsed into one
 * expense, optionally confirmed and saved. `spokenAmount` is what the TTS line expects to hear.
 */
export function lunchDialogue(id: string, { spokenAmount = 35, confirm = false }: { spokenAmount?: number; confirm?: boolean } = {}): string {
  const head = `- id: ${id}
  title: 单笔确认
  tags: [smoke]
  turns:
    - user: 午饭35块
      llm:
        parse: {transactions: [{amount: 35, type: EXPENSE, category: 餐饮, description: 午饭}]}
      expect: {state: CONFIRMING, route: llm, tts: ["记录支出${spokenAmount}元，餐饮，确认吗？"]}
`;
  const confirmTurn = `    - user: 确认
      expect: {state: LISTENING, route: local, intent: confirm, batch: null, saved: [{amount: 35, category: 餐饮}]}
`;
  return confirm ? head + confirmTurn : head;
}
