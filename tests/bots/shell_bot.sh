#!/bin/sh
# A bot that is a shell script running python (not with exec: the shell
# stays, and the python bot is its child).
# Usage: shell_bot.sh PYTHON PIDDIR [OPTION...]  (options of family_bot.py)
py="$1"
shift
cut -d' ' -f22 /proc/$$/stat > "$1/$$"  # the start time: with the pid, the identity
"$py" "$(dirname "$0")/family_bot.py" "$@"
