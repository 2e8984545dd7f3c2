"""A bot program that misbehaves on purpose, for tests/test_external_bots.py.

Usage: faulty_bot.py MODE [N]   (standard library only, protocol 1)

It plays the first legal action, except that on request id N (every
request when N is omitted) it:

  crash    exits with status 3 after writing "boom" to stderr
  hang     sleeps for a minute without answering
  stubborn ignores SIGTERM, starts a child that sleeps, then hangs
  garbage  writes a line that is not JSON
  illegal  names an action index past the end of the legal list
  unknown  names an action kind that does not exist
  noisy    answers and writes an extra unsolicited line with it
  slow     sleeps N/1000 seconds before every answer (N in ms)
  leak     writes SECRET-STDERR to stderr on every request, answers fine
  chatty   prints "debug: thinking" on stdout before every answer, and on
           request N raises an exception (its traceback goes to stderr)

Modes that fail before any request:

  exit     exits at once, without reading anything
  badready answers hello with a line that is not a ready message
"""

import json
import signal
import subprocess
import sys
import time

mode = sys.argv[1]
arg = int(sys.argv[2]) if len(sys.argv) > 2 else None


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def hits(rid):
    return arg is None or rid == arg


def main():
    if mode == "exit":
        sys.exit(0)
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "hello":
            if mode == "badready":
                send({"type": "hello-to-you-too"})
            else:
                send({"type": "ready", "name": f"faulty-{mode}", "protocol": 1})
        elif kind == "quit":
            return
        elif kind == "request":
            rid = msg["id"]
            if mode == "slow":
                time.sleep(arg / 1000)
                send({"id": rid, "action": 0})
            elif mode == "chatty":
                sys.stdout.write("debug: thinking\n")
                if hits(rid):
                    raise RuntimeError(f"chatty bot gave up at request {rid}")
                send({"id": rid, "action": 0})
            elif mode == "leak":
                sys.stderr.write("SECRET-STDERR\n")
                sys.stderr.flush()
                send({"id": rid, "action": 0})
            elif not hits(rid):
                send({"id": rid, "action": 0})
            elif mode == "crash":
                sys.stderr.write("boom\n")
                sys.exit(3)
            elif mode == "hang":
                time.sleep(60)
            elif mode == "stubborn":
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
                child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
                sys.stderr.write(f"child {child.pid}\n")
                sys.stderr.flush()
                time.sleep(60)
            elif mode == "garbage":
                sys.stdout.write("this is not json\n")
                sys.stdout.flush()
            elif mode == "illegal":
                send({"id": rid, "action": len(msg["legal"]) + 5})
            elif mode == "unknown":
                send({"id": rid, "action": {"kind": "teleport", "pos": 0}})
            elif mode == "noisy":  # one write, so both lines arrive together
                sys.stdout.write(json.dumps({"id": rid, "action": 0}) + "\ndebug: I chose 0\n")
                sys.stdout.flush()
            else:
                send({"id": rid, "action": 0})


if __name__ == "__main__":
    main()
