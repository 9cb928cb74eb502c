#!/usr/bin/env python3
"""Runs, exactly as written, the shell commands of a guide that it marks as
"checked by CI": every ```sh block whose preceding paragraph says so. Each
command runs with bash from the repository root; the first failure stops
the script with its exit status.

    python3 .ci/run-guide.py fuzz/README.md
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
guide = root / sys.argv[1]
text = guide.read_text()
blocks = []
for m in re.finditer(r"```sh\n(.*?)```", text, re.S):
    before = text[: m.start()].rstrip().split("\n\n")[-1]
    if "checked by CI" in before:
        blocks.append(m.group(1))
if not blocks:
    sys.exit(f"{guide}: no block is marked 'checked by CI'")
for block in blocks:
    for line in block.strip().splitlines():
        print(f"$ {line}", flush=True)
        done = subprocess.run(["bash", "-c", line], cwd=root)
        if done.returncode != 0:
            sys.exit(f"{guide}: `{line}` failed with status {done.returncode}")
print(f"{guide.relative_to(root)}: {sum(len(b.strip().splitlines()) for b in blocks)} commands ran as written")
