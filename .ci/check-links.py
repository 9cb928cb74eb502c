#!/usr/bin/env python3
"""Fails on any relative link, in a Markdown file or a Rust doc comment, to a
path that does not exist in the repository or that leaves it.

Scans every `*.md` file and every `//!` / `///` comment of every `*.rs` file
under the repository root (skipping `target/` and hidden directories), for
Markdown links `[text](path)` and reference definitions `[label]: path`.
Links with a scheme (`https:`, `mailto:`), pure anchors (`#...`) and Rust
intra-doc links (`crate::x`, `Foo::bar`, `mod@x`, plain item names) are not
file paths and are skipped; fenced code blocks and inline code are skipped.
A path is resolved from the directory of the file that holds it (an anchor
or query after it is ignored) and must exist inside the repository.

Usage: python3 .ci/check-links.py [ROOT]   (stdlib only, no network)
"""

import os
import re
import sys

INLINE_LINK = re.compile(r"\]\(\s*<?([^()\s<>]+(?:\([^()\s]*\)[^()\s<>]*)*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")
INLINE_CODE = re.compile(r"(`+).*?\1")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
FILE_LIKE = re.compile(r"(^\.{1,2}/)|/|\.[A-Za-z0-9]+$")


def is_file_link(target):
    """Whether a link target names a file (not a URL, an anchor or a Rust item)."""
    if not target or target.startswith("#") or SCHEME.match(target):
        return False
    if "::" in target or "@" in target:
        return False
    return bool(FILE_LIKE.search(target.split("#")[0].split("?")[0]))


def doc_lines(path):
    """(line number, text) of the Markdown a file holds."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    if path.endswith(".md"):
        return list(enumerate(lines, 1))
    out = []
    for n, line in enumerate(lines, 1):
        m = re.match(r"\s*//[!/](?!/)\s?(.*)$", line)
        if m:
            out.append((n, m.group(1)))
        else:
            out.append((n, ""))  # a doc comment ends here: keeps fences per comment block
    return out


def links(path):
    """(line number, target) of every link outside code in a file."""
    fence = None
    for n, text in doc_lines(path):
        stripped = text.strip()
        m = re.match(r"(```+|~~~+)", stripped)
        if fence:
            if m and stripped.startswith(fence):
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        text = INLINE_CODE.sub("", text)
        for target in INLINE_LINK.findall(text):
            yield n, target
        r = REFERENCE.match(text)
        if r:
            yield n, r.group(1)


def files(root):
    for d, dirs, names in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith(".") and x != "target")
        for name in sorted(names):
            if name.endswith(".md") or name.endswith(".rs"):
                yield os.path.join(d, name)


def main():
    root = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    bad = checked = 0
    for path in files(root):
        for n, target in links(path):
            if not is_file_link(target):
                continue
            checked += 1
            clean = target.split("#")[0].split("?")[0]
            base = root if clean.startswith("/") else os.path.dirname(path)
            resolved = os.path.realpath(os.path.join(base, clean.lstrip("/")))
            rel = os.path.relpath(path, root)
            if os.path.commonpath([resolved, root]) != root:
                print(f"{rel}:{n}: link leaves the repository: {target}")
                bad += 1
            elif not os.path.exists(resolved):
                print(f"{rel}:{n}: no such path in the repository: {target}")
                bad += 1
    print(f"links: {checked} relative links checked, {bad} broken")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
