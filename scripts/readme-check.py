#!/usr/bin/env python3
"""Runs the README's examples and compares what they print with what the README shows.

The README promises "usage examples with real output". Every example block that a line
`<!-- readme-check -->` opens (just before its fence) is checked: each `$ ` line in it is a command (a line ending
in a backslash goes on to the next), the lines after it up to the next command are what it prints, standard
output and standard error together. Each command runs with `sh` from the repository (or from the folder the
marker names, `<!-- readme-check: cwd=Examples -->`, or from a new empty folder holding a link to Examples/ when
it says `scratch`, for examples that write a file), with the vocab binary first on PATH (`swift run vocab` is
run as that binary), on a pseudo-terminal, with no VOCAB_* variable of the caller's environment (the README shows
the defaults) and, when the marker says `store`, VOCAB_STORE set to a new empty file for the block, so the block's
commands share one store and nothing of the user's is read or written.

What changes from run to run is masked on both sides before comparing: ISO 8601 times (`<time>`) and paths
under /tmp (`<tmp>`). A trailing comment on a command (two spaces, `#`, text) is the README's, not the shell's,
and an output line `...` stands for lines the README leaves out.
Only blocks with the marker are run: those with timings (`vocab bench`, `vocab eval`), a server (`curl`) or a
machine's binaries (Benchmarks/) have none.

Usage:
  scripts/readme-check.py [--vocab PATH] [README]   # PATH defaults to .build/release/vocab, else .build/debug/vocab
Exits 0 when every checked example prints what the README shows, 1 naming each one that does not (with a diff;
an example still running after TIME_LIMIT seconds is stopped and reported so), 2 on bad arguments or a marker
without a block.
"""

import argparse
import difflib
import fcntl
import functools
import os
import re
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKER = re.compile(r"^\s*<!-- readme-check(?::\s*(?P<options>[^>]*?))?\s*-->\s*$")
TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z")
TEMPORARY = re.compile(r"/tmp/[^\s'\"]+")
TRAILING_COMMENT = re.compile(r"\s{2,}#\s.*$")
# The longest an example may run before it is stopped and reported (the slowest takes a few seconds in a debug build).
TIME_LIMIT = 120


def fail(message):
    """Stops on bad arguments or a malformed README, with the message and status 2."""
    print(message, file=sys.stderr)
    sys.exit(2)


class Example:
    """One command of a checked block and the lines the README shows it printing."""

    def __init__(self, line, command):
        self.line = line
        self.command = command
        self.expected = []


class Block:
    """A checked block: the options of its marker, its examples."""

    def __init__(self, options):
        self.options = options
        self.examples = []


def parse(text, path):
    """The checked blocks of a README. A marker not followed by a fenced block is an error naming its line."""
    lines = text.split("\n")
    blocks = []
    index = 0
    while index < len(lines):
        marker = MARKER.match(lines[index])
        if not marker:
            index += 1
            continue
        options = {}
        for option in (marker.group("options") or "").split():
            key, _, value = option.partition("=")
            options[key] = value or True
        unknown = set(options) - {"cwd", "store", "scratch"}
        if unknown:
            fail(f"readme-check: {path}:{index + 1}: unknown marker option {', '.join(sorted(unknown))} "
                     "(cwd=DIR, scratch, store)")
        fence = index + 1
        if fence >= len(lines) or not lines[fence].lstrip().startswith("```"):
            fail(f"readme-check: {path}:{index + 1}: the marker is not followed by a fenced block")
        # A block in a list item is indented: its lines are read without the fence's indentation.
        indent = len(lines[fence]) - len(lines[fence].lstrip())
        block = Block(options)
        position = fence + 1
        while position < len(lines) and not lines[position].lstrip().startswith("```"):
            line = lines[position]
            if indent:
                line = line[indent:] if line[:indent].isspace() else line.lstrip()
            if line.startswith("$ "):
                start = position
                command = line[2:]
                while command.endswith("\\") and position + 1 < len(lines):
                    position += 1
                    command = command[:-1] + " " + lines[position].strip()
                block.examples.append(Example(start + 1, TRAILING_COMMENT.sub("", command)))
            elif block.examples:
                block.examples[-1].expected.append(line)
            position += 1
        if position >= len(lines):
            fail(f"readme-check: {path}:{fence + 1}: the block is not closed")
        blocks.append(block)
        index = position + 1
    return blocks


def masked(lines):
    """Lines with what changes from run to run masked, trailing spaces and final empty lines dropped."""
    result = [TEMPORARY.sub("<tmp>", TIME.sub("<time>", line)).rstrip() for line in lines]
    while result and not result[-1]:
        result.pop()
    return result


def agrees(expected, printed):
    """Whether the printed lines are the expected ones, where an expected line `...` stands for any lines (none
    or more: the README leaves out what does not matter to the example)."""
    @functools.lru_cache(maxsize=None)
    def from_(wanted, got):
        if wanted == len(expected):
            return got == len(printed)
        if expected[wanted] == "...":
            return any(from_(wanted + 1, later) for later in range(got, len(printed) + 1))
        return got < len(printed) and expected[wanted] == printed[got] and from_(wanted + 1, got + 1)
    return from_(0, 0)


def run(example, block, binary_folder, store, scratch):
    """What the example's command prints, standard output and standard error together."""
    command = re.sub(r"^swift run vocab\b", "vocab", example.command)
    environment = {key: value for key, value in os.environ.items() if not key.startswith("VOCAB_")}
    environment["PATH"] = f"{binary_folder}:{environment.get('PATH', '/usr/bin:/bin')}"
    if store:
        environment["VOCAB_STORE"] = store
    folder = scratch or (ROOT / block.options["cwd"] if "cwd" in block.options else ROOT)
    # On a terminal, as a person runs the README's examples (what vocab prints can depend on it: the width of its
    # tables is the terminal's). The terminal is wide enough that no table is folded for its width, and writes
    # "\n" as it is.
    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 1000, 0, 0))
    modes = termios.tcgetattr(follower)
    modes[1] &= ~termios.OPOST
    termios.tcsetattr(follower, termios.TCSANOW, modes)
    process = subprocess.Popen(["sh", "-c", command], cwd=folder, env=environment, stdin=subprocess.DEVNULL,
                               stdout=follower, stderr=follower, start_new_session=True)
    os.close(follower)
    output = bytearray()
    deadline = time.monotonic() + TIME_LIMIT
    timed_out = False
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([leader], [], [], remaining)[0]:
            timed_out = True
            break
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: every writer has closed the terminal
            break
        if not chunk:
            break
        output += chunk
    os.close(leader)
    if timed_out:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    lines = output.decode("utf-8", errors="replace").split("\n")
    return lines + ([f"readme-check: stopped after {TIME_LIMIT} s"] if timed_out else [])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("readme", nargs="?", default=str(ROOT / "README.md"))
    parser.add_argument("--vocab", help="the vocab binary (default .build/release/vocab, else .build/debug/vocab)")
    arguments = parser.parse_args()
    if arguments.vocab:
        binary = Path(arguments.vocab).resolve()
    else:
        binary = next((ROOT / candidate for candidate in (".build/release/vocab", ".build/debug/vocab")
                       if (ROOT / candidate).is_file()), None)
        if binary is None:
            fail("readme-check: no vocab binary in .build/release or .build/debug: build one "
                     "(swift build --product vocab) or name it with --vocab")
    if not binary.is_file() or not os.access(binary, os.X_OK):
        fail(f"readme-check: --vocab {binary} is not an executable file")
    if binary.name != "vocab":
        fail(f"readme-check: --vocab {binary}: the examples call it 'vocab'; name a binary of that name")
    readme = Path(arguments.readme)
    if not readme.is_file():
        fail(f"readme-check: {readme}: no such file")
    blocks = parse(readme.read_text(encoding="utf-8"), readme)
    if not blocks:
        fail(f"readme-check: {readme} has no '<!-- readme-check -->' marker: nothing to check")
    failures = checked = 0
    for block in blocks:
        with tempfile.TemporaryDirectory() as folder:
            store = str(Path(folder) / "vocabulary.sqlite") if block.options.get("store") else None
            scratch = None
            if block.options.get("scratch"):
                scratch = Path(folder) / "scratch"
                scratch.mkdir()
                (scratch / "Examples").symlink_to(ROOT / "Examples")
            for example in block.examples:
                checked += 1
                printed = masked(run(example, block, binary.parent, store, scratch))
                expected = masked(example.expected)
                if not agrees(expected, printed):
                    failures += 1
                    print(f"{readme}:{example.line}: $ {example.command}")
                    for line in difflib.unified_diff(expected, printed, "README", "printed", lineterm="", n=1):
                        print("    " + line)
    print(f"readme-check: {checked - failures} of {checked} examples in {len(blocks)} blocks print what {readme.name} shows"
          + ("" if not failures else f"; {failures} do not"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
