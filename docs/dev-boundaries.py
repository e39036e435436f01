#!/usr/bin/env python3
"""Boundaries drawn by people: convert the BSDS dev photos and score the pages against them.

Usage: python3 docs/dev-boundaries.py LINEART [--all] [--preset auto] [--work DIR]
                                      [--bsds ../shared/bsds-dev] [convert options ...]
(from the repository root; needs what ../shared/tools/boundary_eval.py needs: numpy,
scipy, pillow, opencv-python-headless, scikit-image and pyEdgeEval).

By default the fixed 50-photo subset that docs/quality.md quotes while iterating: every
sixth photo of the 300, sorted by name, from the first (100075, 103041, 106020, ...).
--all scores all 300 (several minutes). Pages are converted with `--page none --frame
photo` (the people drew the whole photo) and the preset given, then scored by
boundary_eval.py, which prints dataset F, precision, recall, mean F and ink.
Other options are passed to `lineart convert` (e.g. --set contrastAdjustment=2.6).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("lineart")
    parser.add_argument("--all", action="store_true", help="all 300 photos, not the 50-photo subset")
    parser.add_argument("--preset", default="auto")
    parser.add_argument("--work", help="keep the photos' links and the pages here (default: a temporary folder)")
    parser.add_argument("--bsds", default=os.path.join(SHARED, "bsds-dev"))
    parser.add_argument("--eval", default=os.path.join(SHARED, "tools", "boundary_eval.py"))
    args, convert_options = parser.parse_known_args()

    names = sorted(f[:-4] for f in os.listdir(args.bsds) if f.endswith(".jpg"))
    if not args.all:
        names = names[::6]
    work = args.work or tempfile.mkdtemp(prefix="dev-boundaries-")
    photos, truth = os.path.join(work, "photos"), os.path.join(work, "truth")
    pages = os.path.join(work, f"{args.preset}-{'all' if args.all else 'subset'}")
    for folder in (photos, truth, pages):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
    # boundary_eval.py scores every photo of its folder, so the subset gets a folder of its own.
    for name in names:
        os.symlink(os.path.join(args.bsds, name + ".jpg"), os.path.join(photos, name + ".jpg"))
        for suffix in (".jpg", ".gt.png", ".gt_bits.png", ".gt.json"):
            os.symlink(os.path.join(args.bsds, name + suffix), os.path.join(truth, name + suffix))
    convert = [args.lineart, "convert", photos, "--output", pages, "--preset", args.preset,
               "--page", "none", "--frame", "photo", "--overwrite", "-q"] + convert_options
    if subprocess.run(convert).returncode not in (0, 1):
        sys.exit("lineart convert failed")
    result = subprocess.run([sys.executable, args.eval, "--bsds", truth, pages])
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(result.returncode)


if __name__ == "__main__":
    main()
