"""The nlu-harness SUT wire protocol (docs/sut-protocol.md), version 1, in plain Python 3.

One JSON object per line: requests on stdin, replies on stdout, logs on stderr. The adapter
answers the handshake, keeps one session per dialogue and hands every event to a decision
function: decide(session, event, now) -> (effects, refused). Swap that function for a call
into your own orchestrator; the adapter itself needs no change. Standard library only.
"""
import json
import sys

PROTOCOL_VERSION = 1


def new_session(config, online):
    """What reset starts from: IDLE, no batch. The decision function may add its own keys."""
    return {"phase": "IDLE", "batch": None, "online": online, "config": config, "next_id": 1}


def observable(session):
    return {"phase": session["phase"], "batch": session["batch"]}


def serve(decide, name, protocols=("batch",), stdin=sys.stdin, stdout=sys.stdout):
    session = None
    for line in stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        seq = message.get("seq", 0)
        kind = message.get("type")
        try:
            if kind == "hello":
                reply = {"type": "ready", "seq": seq, "protocolVersion": PROTOCOL_VERSION, "name": name, "protocols": list(protocols)}
            elif kind == "reset":
                session = new_session(message["config"], message["online"])
                reply = {"type": "state", "seq": seq, "state": observable(session)}
            elif kind == "restore":
                session["phase"], session["batch"] = message["phase"], message["batch"]
                reply = {"type": "state", "seq": seq, "state": observable(session)}
            elif kind == "event":
                effects, refused = decide(session, message["event"], message["now"])
                reply = {"type": "step", "seq": seq, "effects": effects, "state": observable(session)}
                if refused:
                    reply["refused"] = refused
            else:
                reply = {"type": "error", "seq": seq, "message": "unknown message type %r" % kind}
        except Exception as error:  # the harness fails the dialogue with this message and restarts us
            reply = {"type": "error", "seq": seq, "message": "%s: %s" % (type(error).__name__, error)}
        stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        stdout.flush()
