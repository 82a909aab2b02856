#!/usr/bin/env python3
"""The bad-input matrix: runs every row of matrix.tsv and checks the result.

A row names a program (navcli or terranav), its arguments, the input files to
build first (recipes, below), the exit status it must end with and the words
its one-line message must contain. For every row:

  * the run ends within --timeout seconds (a hang is a failure);
  * the exit status is the expected one;
  * no byte of stdout or stderr is outside printable ASCII and newline;
  * a failing run (exit != 0) writes nothing on stdout and exactly one line on
    stderr;
  * every word is in that line (a run that succeeds: in stdout + stderr).

Words are separated by ';'. 'a|b' accepts either; '!w' means w must not
appear as a word (inside a longer name, as 'nan' in 'provenance', it may). Arguments and words may use {in} (the first recipe's file), {tmp} (the
row's folder), {data} (the repository's data/) and {movingai}
(tests/data/movingai).

Recipes (joined with ' + '; '-' for none), each writing into the row's folder:
  png                 a valid 33x33 16-bit grey PNG, x.png (IHDR, IDAT, IDAT, IEND)
  png8                the same, 8-bit
  png_keep:N          x.png: the signature and its first N chunks only
  png_cut:BYTES       x.png cut to BYTES bytes
  png_cut_in:K        x.png cut halfway through chunk K (0 = IHDR)
  png_flip:K:OFF      a bit of chunk K's data flipped at OFF (negative: from its end), CRC kept
  png_flip_fix:K:OFF  the same with the CRC recomputed
  png_flip_type:K     a bit of chunk K's type flipped, CRC kept
  png_ihdr:WxH        IHDR says W x H (CRC recomputed)
  png_after_iend:TEXT bytes after IEND
  png_magic           the signature's first byte changed
  png_palette         an 8-bit palette PNG (colour type 3, PLTE)
  png_short_data      valid chunks whose zlib stream holds only half the rows
  real_cut:FRACTION   data/lothian_borders_utm30n_90m_1025.png cut to that fraction, x.png
  raw                 a 33x33 16-bit little-endian RAW heightmap, x.raw
  empty:NAME          an empty file
  dir:NAME            a directory
  unreadable:NAME     a valid PNG with mode 000 (the row is skipped as root)
  file:NAME:TEXT      a file holding TEXT with Python escapes (\\xEF, \\r, \\n, \\t)
"""

import argparse
import codecs
import concurrent.futures
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

SIGNATURE = b"\x89PNG\r\n\x1a\n"
SIZE = 33


class Skip(Exception):
    pass


def chunk_bytes(kind, data, crc=None):
    if crc is None:
        crc = zlib.crc32(kind + data)
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def grey_png_chunks(depth=16, rows_kept=SIZE):
    """[(type, data, crc or None)] of a SIZE x SIZE grey ramp, two IDATs."""
    raw = bytearray()
    for y in range(rows_kept):
        raw.append(0)  # filter: none
        for x in range(SIZE):
            v = (x + y) // 4  # a gentle ramp: walkable at the default 1 m spacing
            raw += struct.pack(">H", v) if depth == 16 else bytes([v])
    z = zlib.compress(bytes(raw), 9)
    half = len(z) // 2
    ihdr = struct.pack(">IIBBBBB", SIZE, SIZE, depth, 0, 0, 0, 0)
    return [[b"IHDR", ihdr, None], [b"IDAT", z[:half], None], [b"IDAT", z[half:], None],
            [b"IEND", b"", None]]


def palette_png():
    raw = bytearray()
    for y in range(SIZE):
        raw.append(0)
        raw += bytes((x + y) % 16 for x in range(SIZE))
    plte = bytes(c for i in range(16) for c in (i * 16, i * 16, i * 16))
    return SIGNATURE + b"".join(
        chunk_bytes(k, d) for k, d in [(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 3, 0, 0, 0)),
                                       (b"PLTE", plte), (b"IDAT", zlib.compress(bytes(raw))),
                                       (b"IEND", b"")])


def serialize(chunks):
    return SIGNATURE + b"".join(chunk_bytes(k, d, c) for k, d, c in chunks)


def flip(data, offset, bit=0x04):
    data = bytearray(data)
    data[offset] ^= bit
    return bytes(data)


def unescape(text):
    return codecs.decode(text, "unicode_escape").encode("latin-1")


def build(recipe, folder, data_dir):
    """Writes one recipe's file into folder; returns its path."""
    name, _, param = recipe.partition(":")
    png = folder / "x.png"
    chunks = grey_png_chunks()
    if name == "png":
        png.write_bytes(serialize(chunks))
    elif name == "png8":
        png.write_bytes(serialize(grey_png_chunks(depth=8)))
    elif name == "png_keep":
        png.write_bytes(serialize(chunks[: int(param)]))
    elif name == "png_cut":
        png.write_bytes(serialize(chunks)[: int(param)])
    elif name == "png_cut_in":
        k = int(param)
        start = len(serialize(chunks[:k]))
        png.write_bytes(serialize(chunks)[: start + (12 + len(chunks[k][1])) // 2])
    elif name in ("png_flip", "png_flip_fix"):
        k, offset = (int(p) for p in param.split(":"))
        original = chunks[k][1]
        chunks[k][2] = zlib.crc32(chunks[k][0] + original) if name == "png_flip" else None
        chunks[k][1] = flip(original, offset)
        png.write_bytes(serialize(chunks))
    elif name == "png_flip_type":
        k = int(param)
        chunks[k][2] = zlib.crc32(chunks[k][0] + chunks[k][1])
        chunks[k][0] = flip(chunks[k][0], 3, 0x20)  # IDAT -> IDAt
        png.write_bytes(serialize(chunks))
    elif name == "png_ihdr":
        w, h = (int(v) for v in param.split("x"))
        chunks[0][1] = struct.pack(">II", w, h) + chunks[0][1][8:]
        png.write_bytes(serialize(chunks))
    elif name == "png_after_iend":
        png.write_bytes(serialize(chunks) + unescape(param))
    elif name == "png_magic":
        png.write_bytes(b"\x88" + serialize(chunks)[1:])
    elif name == "png_palette":
        png.write_bytes(palette_png())
    elif name == "png_short_data":
        png.write_bytes(serialize(grey_png_chunks(rows_kept=SIZE // 2)))
    elif name == "real_cut":
        whole = (data_dir / "lothian_borders_utm30n_90m_1025.png").read_bytes()
        png.write_bytes(whole[: int(len(whole) * float(param))])
    elif name == "raw":
        png = folder / "x.raw"
        png.write_bytes(b"".join(struct.pack("<H", (i % SIZE + i // SIZE) // 4)
                                 for i in range(SIZE * SIZE)))
    elif name == "empty":
        png = folder / param
        png.write_bytes(b"")
    elif name == "dir":
        png = folder / param
        png.mkdir()
    elif name == "unreadable":
        if os.geteuid() == 0:
            raise Skip("running as root, which reads a mode-000 file anyway")
        png = folder / param
        png.write_bytes(serialize(chunks))
        png.chmod(0)
    elif name == "file":
        file_name, _, text = param.partition(":")
        png = folder / file_name
        png.write_bytes(unescape(text))
    else:
        raise ValueError(f"unknown recipe '{recipe}'")
    return png


def printable(data, tab):
    return all(b == 0x0A or 0x20 <= b < 0x7F or (tab and b == 0x09) for b in data)


def check_words(text, words):
    missing = []
    for word in words:
        if word.startswith("!"):
            # A word, not part of a name: "nan" in "provenance" is no NaN.
            if re.search(r"(?<![A-Za-z0-9_])" + re.escape(word[1:]) + r"(?![A-Za-z0-9_])", text):
                missing.append(f"unwanted '{word[1:]}'")
        elif not any(alt in text for alt in word.split("|")):
            missing.append(f"'{word}'")
    return missing


def run_row(row, programs, folder, dirs, timeout):
    """Returns (problems, skip reason, seconds)."""
    def subst(text):
        for key, value in (("{in}", dirs["in"]), ("{tmp}", str(folder)),
                           ("{data}", dirs["data"]), ("{movingai}", dirs["movingai"])):
            text = text.replace(key, value)
        return text

    folder.mkdir()
    first = None
    if row["input"] != "-":
        for recipe in row["input"].split(" + "):
            path = build(recipe, folder, Path(dirs["data"]))
            first = first or path
    dirs = dict(dirs, **{"in": str(first) if first else ""})
    args = [subst(a) for a in shlex.split(row["args"])]
    words = [subst(w) for w in row["words"].split(";") if w]
    env = dict(os.environ)
    # A headless terranav that reaches its GL context fails loudly: a bad input
    # must be refused before the context is needed.
    env["LIBGL_DRIVERS_PATH"] = "/nonexistent/bad-inputs-no-gl"
    start = time.monotonic()
    try:
        done = subprocess.run([programs[row["program"]]] + args, stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=timeout, env=env, cwd=folder)
    except subprocess.TimeoutExpired:
        return [f"timed out after {timeout} s"], None, time.monotonic() - start
    seconds = time.monotonic() - start
    out, err = done.stdout, done.stderr
    problems = []
    if done.returncode != int(row["exit"]):
        problems.append(f"exit status {done.returncode}, expected {row['exit']}")
    # A successful run's stdout may be TSV (bench).
    for stream, data, tab in (("stdout", out, int(row["exit"]) == 0), ("stderr", err, False)):
        if not printable(data, tab):
            bad = sorted({f"0x{b:02x}" for b in data if not (b == 0x0A or 0x20 <= b < 0x7F)})
            problems.append(f"{stream} holds bytes outside printable ASCII: {', '.join(bad[:8])}")
    text_err = err.decode("latin-1")
    if b"libEGL" in err or b"MESA" in err:
        problems.append("reached the GL context")
    if int(row["exit"]) != 0:
        if out:
            problems.append("wrote to stdout")
        if text_err.count("\n") != 1 or not text_err.endswith("\n"):
            problems.append(f"stderr is {text_err.count(chr(10))} lines, expected one")
        haystack = text_err
    else:
        haystack = out.decode("latin-1") + text_err
    missing = check_words(haystack, words)
    if missing:
        problems.append("missing " + ", ".join(missing))
    if problems:
        shown = (text_err or out.decode("latin-1")).strip().splitlines()
        problems.append("got: " + (ascii(shown[0])[1:-1][:300] if shown else "(nothing)"))
    return problems, None, seconds


def read_matrix(path):
    rows = []
    columns = None
    for number, line in enumerate(path.read_text(encoding="ascii").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if columns is None:
            columns = fields
            continue
        if len(fields) != len(columns):
            sys.exit(f"{path}:{number}: {len(fields)} fields, expected {len(columns)}")
        row = dict(zip(columns, fields))
        row["line"] = number
        rows.append(row)
    ids = [r["id"] for r in rows]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        sys.exit(f"{path}: duplicate ids {sorted(duplicates)}")
    return rows


def main():
    here = Path(__file__).resolve().parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matrix", type=Path, default=here / "matrix.tsv")
    parser.add_argument("--navcli", required=True)
    parser.add_argument("--terranav", help="without it the terranav rows are skipped")
    parser.add_argument("--data", default=str(here.parent.parent / "data"))
    parser.add_argument("--movingai", default=str(here.parent / "data" / "movingai"))
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per run")
    parser.add_argument("--jobs", type=int, default=4, help="runs at once")
    parser.add_argument("--only", nargs="*", help="row ids (prefixes) to run")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per row")
    opts = parser.parse_args()

    rows = read_matrix(opts.matrix)
    if opts.only:
        rows = [r for r in rows if any(r["id"].startswith(p) for p in opts.only)]
    # Absolute: each run's working folder is its own.
    programs = {"navcli": os.path.abspath(opts.navcli),
                "terranav": os.path.abspath(opts.terranav) if opts.terranav else None}
    dirs = {"data": os.path.abspath(opts.data), "movingai": os.path.abspath(opts.movingai)}

    failed, skipped = [], []
    start = time.monotonic()

    def one(row):
        if programs[row["program"]] is None:
            return row, None, "no --terranav given", 0.0
        try:
            problems, _, seconds = run_row(row, programs, Path(tmp) / row["id"], dirs,
                                           opts.timeout)
        except Skip as why:
            return row, None, str(why), 0.0
        return row, problems, None, seconds

    for row in rows:
        if row["program"] not in programs:
            sys.exit(f"{opts.matrix}:{row['line']}: unknown program '{row['program']}'")
    with tempfile.TemporaryDirectory(prefix="bad_inputs_") as tmp:
        # The runs wait on their programs, so a few at once (a hang costs one timeout).
        with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as pool:
            for row, problems, skip, seconds in pool.map(one, rows):
                if skip is not None:
                    skipped.append((row["id"], skip))
                elif problems:
                    failed.append(row["id"])
                    print(f"FAIL {row['id']} ({opts.matrix.name}:{row['line']}): " +
                          "; ".join(problems))
                elif opts.verbose:
                    print(f"ok   {row['id']} ({seconds:.2f} s)")
        # Mode-000 files must be deletable for the clean-up.
        for path in Path(tmp).rglob("*"):
            if not path.is_symlink():
                path.chmod(0o700)
    for row_id, why in skipped:
        print(f"skip {row_id}: {why}")
    ran = len(rows) - len(skipped)
    print(f"{ran - len(failed)} of {ran} rows passed, {len(skipped)} skipped, "
          f"{time.monotonic() - start:.1f} s")
    if failed:
        print("failing rows: " + " ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
