#!/usr/bin/env python3
"""Packs sent as one archive, through `rlab check-content ARCHIVE`: the example pack zipped (as a
folder and as its contents), as .tar.gz, .tar.xz, .tar.zst (where the zstd tool is) and as .tar loads
with "No errors."; a broken quiz inside a
zip is reported as archive/entry:line:column; hostile and damaged archives are refused with one
sentence naming the archive (and the entry), exit 1, and no crash; 300 randomly damaged copies
never crash. Archives are made here with
Python's zipfile and tarfile, from content/examples/first-pack.

usage: check_pack_archives.py WORKDIR PACK -- RLAB
Prints one line per problem and exits 1 on any, 0 when all hold.
"""
import collections
import io
import os
import random
import shutil
import subprocess
import sys
import tarfile
import warnings
import zipfile

warnings.simplefilter("ignore")  # zipfile warns of the duplicate entry made on purpose

problems = []


def files_of(pack):
    """(path inside the pack, bytes) for every file of the pack folder."""
    found = []
    for folder, _, names in os.walk(pack):
        for name in sorted(names):
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                found.append((os.path.relpath(path, pack).replace(os.sep, "/"), f.read()))
    return sorted(found)


def make_zip(path, entries, compression=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", compression) as z:
        for name, data in entries:
            z.writestr(name, data)


def make_tar(path, entries, mode="w:gz"):
    with tarfile.open(path, mode) as t:
        for name, data in entries:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))


def check(rlab, archive, expect_rc, expect_stderr=(), expect_stdout=()):
    result = subprocess.run([rlab, "check-content", archive], capture_output=True, text=True, timeout=60)
    name = os.path.basename(archive)
    if result.returncode != expect_rc:
        problems.append(f"{name}: exit {result.returncode}, expected {expect_rc}; stderr {result.stderr!r}")
    for text in expect_stderr:
        if text not in result.stderr:
            problems.append(f"{name}: stderr lacks {text!r}: {result.stderr!r}")
    for text in expect_stdout:
        if text not in result.stdout:
            problems.append(f"{name}: stdout lacks {text!r}: {result.stdout!r}")
    if expect_rc == 1 and result.stderr.count("\n") != 1 and not expect_stdout:
        problems.append(f"{name}: a refusal should be one line, got {result.stderr!r}")
    print(f"{name}: exit {result.returncode}: {result.stderr.strip() or result.stdout.splitlines()[0]}")
    return result


def main():
    workdir, pack = sys.argv[1], sys.argv[2]
    rlab = sys.argv[sys.argv.index("--") + 1]
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    at = lambda name: os.path.join(workdir, name)  # noqa: E731
    files = files_of(pack)
    folder = [("first-pack/" + name, data) for name, data in files]

    # Good packs: "zip the folder", an archive of the folder's contents, .tar.gz, plain .tar, stored zip.
    make_zip(at("first-pack.zip"), folder)
    make_zip(at("contents.zip"), files)
    make_zip(at("stored.zip"), folder, zipfile.ZIP_STORED)
    make_tar(at("first-pack.tar.gz"), folder)
    make_tar(at("plain.tar"), files, "w")
    make_tar(at("first-pack.tar.xz"), folder, "w:xz")
    good = ["first-pack.zip", "contents.zip", "stored.zip", "first-pack.tar.gz", "plain.tar", "first-pack.tar.xz"]
    zstd = shutil.which("zstd")
    if zstd:  # Python's tarfile has no zstd before 3.14: the zstd tool compresses a plain tar
        make_tar(at("first-pack.tar"), folder, "w")
        subprocess.run([zstd, "-q", "-f", at("first-pack.tar"), "-o", at("first-pack.tar.zst")], check=True)
        good.append("first-pack.tar.zst")
    else:
        print("first-pack.tar.zst: not made (no zstd tool here)")
    for name in good:
        check(rlab, at(name), 0, expect_stdout=("1 quizzes, 1 guides, 1 demo presets loaded", "No errors."))

    # A broken quiz inside the archive: named by the archive and its entry, with line:column; the
    # guide and preset still load.
    broken = [(name, data.replace(b"answer: 2", b"answer: 7") if name.endswith("quizzes/my-first-quiz/quiz.yaml")
               else data) for name, data in folder]
    make_zip(at("broken.zip"), broken)
    result = check(rlab, at("broken.zip"), 1, expect_stdout=("1 guides, 1 demo presets loaded",))
    line = next((i + 1 for i, text in enumerate(dict(files)["quizzes/my-first-quiz/quiz.yaml"].decode().splitlines())
                 if "answer: 2" in text), 0)
    where = f"broken.zip/first-pack/quizzes/my-first-quiz/quiz.yaml:{line}:13: error:"
    if where not in result.stderr:
        problems.append(f"broken.zip: expected an error at {where!r}, got {result.stderr!r}")

    # Hostile archives, each refused naming the archive and the entry.
    make_zip(at("traversal.zip"), folder + [("first-pack/../../escaped.yaml", b"x: 1\n")])
    check(rlab, at("traversal.zip"), 1, ("traversal.zip", "'first-pack/../../escaped.yaml'", "'..'"))
    make_zip(at("absolute.zip"), [("/tmp/absolute.yaml", b"x: 1\n")] + folder)
    check(rlab, at("absolute.zip"), 1, ("absolute.zip", "'/tmp/absolute.yaml'", "absolute path"))
    make_tar(at("traversal.tar.gz"), [("../escaped.yaml", b"x: 1\n")] + folder)
    check(rlab, at("traversal.tar.gz"), 1, ("traversal.tar.gz", "'../escaped.yaml'", "'..'"))
    with tarfile.open(at("symlink.tar.gz"), "w:gz") as t:
        for name, data in folder:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
        link = tarfile.TarInfo("first-pack/guides/passwd.yaml")
        link.type = tarfile.SYMTYPE
        link.linkname = "/etc/passwd"
        t.addfile(link)
    check(rlab, at("symlink.tar.gz"), 1, ("symlink.tar.gz", "'first-pack/guides/passwd.yaml'", "symbolic link"))
    with zipfile.ZipFile(at("symlink.zip"), "w") as z:
        for name, data in folder:
            z.writestr(name, data)
        link = zipfile.ZipInfo("first-pack/quizzes/link.yaml")
        link.create_system = 3
        link.external_attr = (0o120777 << 16)
        z.writestr(link, "/etc/passwd")
    check(rlab, at("symlink.zip"), 1, ("symlink.zip", "'first-pack/quizzes/link.yaml'", "symbolic link"))
    with tarfile.open(at("device.tar"), "w") as t:
        device = tarfile.TarInfo("first-pack/null")
        device.type = tarfile.CHRTYPE
        t.addfile(device)
    check(rlab, at("device.tar"), 1, ("device.tar", "'first-pack/null'", "special file"))
    # A compression bomb: 900 KiB of one byte deflates to about 1 KiB (stays under the 1 MiB per file).
    make_zip(at("bomb.zip"), folder + [("first-pack/guides/bomb.md", b"\0" * (900 * 1024))])
    check(rlab, at("bomb.zip"), 1, ("bomb.zip", "'first-pack/guides/bomb.md'", "compression bomb"))
    make_tar(at("bomb.tar.gz"), folder + [(f"first-pack/pad{i}.md", b"\0" * (1000 * 1024)) for i in range(8)])
    check(rlab, at("bomb.tar.gz"), 1, ("bomb.tar.gz", "compression bomb"))
    make_tar(at("bomb.tar.xz"), folder + [(f"first-pack/pad{i}.md", b"\0" * (1000 * 1024)) for i in range(8)], "w:xz")
    check(rlab, at("bomb.tar.xz"), 1, ("bomb.tar.xz", "compression bomb"))
    make_zip(at("big.zip"), folder + [("first-pack/guides/big.md", os.urandom(1100 * 1024))], zipfile.ZIP_STORED)
    check(rlab, at("big.zip"), 1, ("big.zip", "'first-pack/guides/big.md'", "over the limit of 1048576 bytes"))
    make_zip(at("many.zip"), folder + [(f"first-pack/extra/{i}.md", b"") for i in range(1001)])
    check(rlab, at("many.zip"), 1, ("many.zip", "entries", "1000"))
    make_tar(at("many.tar"), folder + [(f"first-pack/extra/{i}.md", b"") for i in range(1001)], "w")
    check(rlab, at("many.tar"), 1, ("many.tar", "more than 1000 entries"))
    # A name carrying a terminal escape is refused and shown without it.
    make_tar(at("escape.tar.gz"), folder + [("first-pack/\x1b[2Jred.md", b"x\n")])
    result = check(rlab, at("escape.tar.gz"), 1, ("escape.tar.gz", "'first-pack/?[2Jred.md'", "control character"))
    if "\x1b" in result.stderr:
        problems.append("escape.tar.gz: the escape character reached the output")
    make_zip(at("twice.zip"), folder + folder[:1])
    check(rlab, at("twice.zip"), 1, ("twice.zip", f"'{folder[0][0]}'", "comes twice"))

    # Damaged archives: cut short, a flipped byte, not an archive at all, empty.
    # A tar ends in zero padding, so it is cut inside its last file's data.
    with tarfile.open(at("plain.tar")) as t:
        tar_cut = t.getmembers()[-1].offset_data + 10
    for name in ("first-pack.zip", "first-pack.tar.gz", "plain.tar"):
        with open(at(name), "rb") as f:
            data = f.read()
        with open(at("truncated-" + name), "wb") as f:
            f.write(data[: tar_cut if name.endswith(".tar") else len(data) * 2 // 3])
        check(rlab, at("truncated-" + name), 1, ("truncated-" + name, "damaged"))
    with open(at("first-pack.zip"), "rb") as f:
        data = bytearray(f.read())
    data[60] ^= 0xFF  # inside the first entry's data
    with open(at("flipped.zip"), "wb") as f:
        f.write(bytes(data))
    check(rlab, at("flipped.zip"), 1, ("flipped.zip", "damaged"))
    with open(at("text.zip"), "wb") as f:
        f.write(b"this is not an archive\n" * 40)
    check(rlab, at("text.zip"), 1, ("text.zip", "not a zip or tar archive"))
    make_zip(at("empty.zip"), [])
    check(rlab, at("empty.zip"), 1, ("empty.zip", "empty"))
    make_zip(at("nopack.zip"), [("notes/readme.md", b"hello\n")])
    check(rlab, at("nopack.zip"), 1, ("nopack.zip", "no quizzes folder"))

    # Random damage (fixed seed): flipped bytes and cuts anywhere; each is loaded or refused with
    # exit 1, never a crash.
    rng = random.Random(15)
    outcomes = collections.Counter()
    for name in ("first-pack.zip", "first-pack.tar.gz", "plain.tar"):
        with open(at(name), "rb") as f:
            good = f.read()
        for i in range(100):
            data = bytearray(good)
            if i % 4 == 0:
                data = data[: rng.randrange(len(data))]
            else:
                for _ in range(rng.randint(1, 8)):
                    data[rng.randrange(len(data))] = rng.randrange(256)
            damaged = at("damaged-" + name)
            with open(damaged, "wb") as f:
                f.write(bytes(data))
            result = subprocess.run([rlab, "check-content", damaged], capture_output=True, text=True, timeout=60)
            outcomes[result.returncode] += 1
            if result.returncode not in (0, 1) or "\n" not in result.stderr + result.stdout:
                problems.append(f"damaged {name} #{i}: exit {result.returncode}, stderr {result.stderr[-300:]!r}")
    print(f"300 randomly damaged archives: {dict(outcomes)} (exit 0 loaded, 1 refused or content errors)")

    # Nothing was written outside the temporary folders, and they are gone.
    if os.path.exists(os.path.join(workdir, "..", "escaped.yaml")) or os.path.exists("/tmp/absolute.yaml"):
        problems.append("an entry was written outside its folder")
    for problem in problems:
        print("PROBLEM:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
