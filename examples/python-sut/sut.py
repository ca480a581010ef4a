#!/usr/bin/env python3
"""A toy orchestrator behind the protocol adapter: parse with the LLM, confirm or cancel, save.

It speaks the batch protocol but decides very little (no corrections, no Layer-1 item commands,
no offline parser): a template to copy, not a product. Run it against the datasets with
  nlu-harness run --sut "python3 examples/python-sut/sut.py"
"""
from adapter import serve

WAITING = ("AWAITING_PARSE", "AWAITING_CORRECTION", "SAVING")
TYPE_WORDS = {"EXPENSE": "支出", "INCOME": "收入", "TRANSFER": "转账"}


def decide(s, event, now):
    """One event: change the session `s` in place, return (effects, refused or None)."""
    kind, phase = event["type"], s["phase"]
    if kind == "dispose" and phase != "DISPOSED":
        s.update(phase="DISPOSED", batch=None)
        return [{"type": "notify", "callback": "onSessionEnded", "reason": "dispose"}], None
    if phase == "DISPOSED":
        return [], "notAccepted"
    if kind == "start" and phase == "IDLE":
        s["phase"] = "LISTENING"
        return [], None
    if kind == "connectivity":
        s["online"] = event["online"]
        return [], None
    if kind == "userText" and phase in WAITING:
        return [{"type": "notify", "callback": "onError", "message": "busy"}], None
    if kind == "userText" and phase in ("IDLE", "LISTENING"):
        return hear(s, event["text"]), None
    if kind == "userText" and phase == "CONFIRMING":
        return answer(s, event["text"]), None
    if kind == "tap" and phase == "CONFIRMING":
        return (save(s) if event["action"] == "confirm" else cancel(s)), None
    if phase == "AWAITING_PARSE" and event.get("id") == s.get("awaiting"):
        if kind == "parseSucceeded":
            return parsed(s, event["transactions"], now), None
        if kind == "parseFailed" or (kind == "timerFired" and event["name"] == "llmDeadline"):
            return parse_failed(s, event), None
    if phase == "SAVING" and event.get("id") == s.get("saving"):
        if kind == "saveSucceeded":
            count = len(s.pop("saved_items"))
            s.update(phase="LISTENING", batch=None)
            return [{"type": "speak", "text": "已保存%d笔交易。" % count}], None
        if kind == "saveFailed":
            s.update(phase="CONFIRMING")
            return [{"type": "speak", "text": "保存失败，请重试。"}], None
    return [], "notAccepted" if kind not in ("parseSucceeded", "parseFailed", "timerFired", "saveSucceeded", "saveFailed") else "stale"


def next_id(s):
    s["next_id"] += 1
    return s["next_id"] - 1


def hear(s, text):
    s["phase"] = "LISTENING"
    if text.strip() == "退出":
        s.update(phase="IDLE", batch=None)
        return [{"type": "classified", "intent": {"kind": "exit"}}, {"type": "routed", "route": "local"},
                {"type": "notify", "callback": "onSessionEnded", "reason": "exit"}]
    if not s["online"]:
        return [{"type": "routed", "route": "offline"}, {"type": "speak", "text": "网络不可用，请稍后再说。"}]
    call, ms = next_id(s), s["config"]["parseTimeoutMs"]
    s.update(phase="AWAITING_PARSE", awaiting=call)
    return [{"type": "callParse", "id": call, "text": text, "deadlineMs": ms},
            {"type": "startTimer", "name": "llmDeadline", "id": call, "ms": ms}]


def parsed(s, transactions, now):
    effects = [{"type": "cancelTimer", "name": "llmDeadline"}, {"type": "routed", "route": "llm"}]
    if not transactions:
        s["phase"] = "LISTENING"
        return effects + [{"type": "speak", "text": "没有听清，请再说一遍。"}]
    items = [{"index": i, "result": t, "status": "pending"} for i, t in enumerate(transactions[:10])]
    s.update(phase="CONFIRMING", batch={"items": items, "createdAt": now})
    return effects + [{"type": "speak", "text": announce(transactions)},
                      {"type": "notify", "callback": "onDraftBatchUpdated", "batch": s["batch"]}]


def parse_failed(s, event):
    effects = [{"type": "abortCall", "id": s["awaiting"]}] if event["type"] == "timerFired" else [{"type": "cancelTimer", "name": "llmDeadline"}]
    reason = "timeout" if event["type"] == "timerFired" else event["reason"]
    s["phase"] = "LISTENING"
    return effects + [{"type": "routed", "route": "fallback", "failure": reason}, {"type": "speak", "text": "没有听清，请再说一遍。"}]


def answer(s, text):
    word = text.strip().rstrip("。！!")
    if word in ("确认", "对", "好的"):
        return [{"type": "classified", "intent": {"kind": "confirm"}}, {"type": "routed", "route": "local"}] + save(s)
    if word in ("取消", "不要了"):
        return [{"type": "classified", "intent": {"kind": "cancel"}}, {"type": "routed", "route": "local"}] + cancel(s)
    return [{"type": "speak", "text": "请说确认或取消。"}]


def save(s):
    items = [item["result"] for item in s["batch"]["items"] if item["status"] != "cancelled"]
    call = next_id(s)
    s.update(phase="SAVING", saving=call, saved_items=items)
    return [{"type": "saveBatch", "id": call, "items": items}]


def cancel(s):
    s.update(phase="LISTENING", batch=None)
    return [{"type": "speak", "text": "已取消。"}, {"type": "notify", "callback": "onDraftBatchUpdated", "batch": None}]


def announce(transactions):
    def words(t):
        amount = ("%g" % t["amount"]) if t["amount"] is not None else "?"
        return "%s%s元，%s" % (TYPE_WORDS[t["type"]], amount, t["category"] or "未分类")
    if len(transactions) == 1:
        return "记录%s，确认吗？" % words(transactions[0])
    listed = "；".join("第%d笔，%s" % (i + 1, words(t)) for i, t in enumerate(transactions))
    return "识别到%d笔交易：%s。请确认或修改。" % (len(transactions), listed)


if __name__ == "__main__":
    serve(decide, name="python toy orchestrator")
