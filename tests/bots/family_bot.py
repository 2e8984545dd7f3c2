"""A bot program that starts other processes, for tests/test_bot_processes.py.

Usage: family_bot.py PIDDIR [OPTION...]   (standard library only, protocol 1)

It plays the first legal action.  Every process it makes writes its pid to
``PIDDIR/<pid>`` the moment it exists, so a test can check afterwards, by
pid, that none of them is left.  Options, each starting processes golf must
end:

  fork       a child that sleeps (same process group)
  stubborn   a child that ignores SIGTERM and sleeps
  setsid     a child that calls setsid (leaves the process group) and sleeps
  orphan     a grandchild that calls setsid and whose parent exits at once
             (neither group nor parent links lead back to the bot)
  selfish    ignore SIGTERM and end of input in the bot itself; never exit
  alternate  hang (sleep, no answer) on every other request
  hang       hang on every request
  crash      exit (status 3, its children left running) at the third request
"""

import json
import os
import signal
import sys
import time

piddir = sys.argv[1]
options = set(sys.argv[2:])


def note() -> None:
    """PIDDIR/<pid> holds the start time: with the pid, the process's identity."""
    with open("/proc/self/stat") as fh:
        start = fh.read().rsplit(")", 1)[1].split()[19]
    with open(os.path.join(piddir, str(os.getpid())), "w") as fh:
        fh.write(start)


def sleeper(setsid: bool = False, stubborn: bool = False) -> None:
    """Fork a child that sleeps for a minute (the test ends it long before)."""
    if os.fork() == 0:
        if setsid:
            os.setsid()
        if stubborn:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
        note()
        time.sleep(60)
        os._exit(0)


def orphan() -> None:
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            note()
            time.sleep(60)
            os._exit(0)
        os._exit(0)  # the middle process exits: the sleeper is an orphan
    os.wait()


def send(obj: object) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main() -> None:
    note()
    if "selfish" in options:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if "fork" in options:
        sleeper()
    if "stubborn" in options:
        sleeper(stubborn=True)
    if "setsid" in options:
        sleeper(setsid=True)
    if "orphan" in options:
        orphan()
    count = 0
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "hello":
            send({"type": "ready", "name": "family", "protocol": 1})
        elif msg["type"] == "request":
            count += 1
            if "crash" in options and count == 3:
                os._exit(3)
            if "hang" in options or ("alternate" in options and count % 2 == 0):
                time.sleep(60)
            send({"id": msg["id"], "action": 0})
        elif msg["type"] == "quit":
            break
    if "selfish" in options:
        time.sleep(60)


if __name__ == "__main__":
    main()
