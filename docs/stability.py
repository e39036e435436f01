#!/usr/bin/env python3
"""Page stability: does the same photo, mirrored, rotated or re-encoded, give the same page?

Usage: python3 docs/stability.py LINEART WORK_FOLDER [convert options, e.g. --frame photo]
(from the repository root; needs numpy, scipy and pillow). For each photo of
SampleImages/manifest.json, with its preset, at --page none: the photo is saved as PNG, as
PNG mirrored and turned by 90 and 180 degrees, and as JPEG at quality 90 (with its colour at half
resolution, 4:2:0, as cameras and most encoders save it; and, as `jpeg90full`, at full
resolution, 4:4:4, which tells the colour's resolution from its quantisation); each is converted,
each page is turned back, and its ink is compared with the page of the photo as PNG: the
intersection over union of the two inks after a 2 px dilation. A JPEG photo's re-encode is
compared with the page of the JPEG itself, so that both pass through the same decoder.
Printed: the overlap per photo and variant, then each variant's lowest and mean.

Other photos: `--photos DIR --preset PRESET` takes every photo in DIR at one preset instead of
the manifest (e.g. the dev subset's photos, see docs/dev-boundaries.py --work); `--variants
jpeg90,mirror` measures only those variants. Both go before the convert options.
"""
import json
import os
import shutil
import subprocess
import sys

import numpy as np
from PIL import Image
from scipy import ndimage

VARIANTS = {
    "mirror": (lambda im: im.transpose(Image.FLIP_LEFT_RIGHT), lambda a: a[:, ::-1]),
    "rot90": (lambda im: im.transpose(Image.ROTATE_90), lambda a: np.rot90(a, -1)),
    "rot180": (lambda im: im.transpose(Image.ROTATE_180), lambda a: np.rot90(a, 2)),
    "jpeg90": (None, lambda a: a),
    "jpeg90full": (None, lambda a: a),
}
SUBSAMPLING = {"jpeg90": 2, "jpeg90full": 0}  # Pillow's 4:2:0 (its default) and 4:4:4


def ink(path):
    return np.asarray(Image.open(path).convert("L")) < 128


def overlap(reference, page):
    if page.shape != reference.shape:
        resized = Image.fromarray(page.astype(np.uint8) * 255).resize(reference.shape[::-1])
        page = np.asarray(resized) > 127
    a = ndimage.binary_dilation(reference, iterations=2)
    b = ndimage.binary_dilation(page, iterations=2)
    return (a & b).sum() / max(1, (a | b).sum())


def photos_and_presets(options):
    """The photos to measure with their presets, and the convert options left over."""
    folder = preset = None
    variants = list(VARIANTS)
    while options[:1] and options[0] in ("--photos", "--preset", "--variants"):
        flag, value, options = options[0], options[1], options[2:]
        if flag == "--photos":
            folder = value
        elif flag == "--preset":
            preset = value
        else:
            variants = value.split(",")
    if folder:
        entries = [(os.path.join(folder, f), preset or "auto") for f in sorted(os.listdir(folder))
                   if f.lower().endswith((".jpg", ".jpeg", ".png"))]
    else:
        manifest = json.load(open("SampleImages/manifest.json"))
        entries = [(os.path.join("SampleImages", e["file"]), preset or e["preset"]) for e in manifest["images"]]
    return entries, variants, options


def main():
    binary, work = sys.argv[1], sys.argv[2]
    entries, variants, options = photos_and_presets(sys.argv[3:])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    rows = {}
    for source, preset in entries:
        name = os.path.splitext(os.path.basename(source))[0]
        photo = Image.open(source)
        photo.load()
        if photo.mode not in ("RGB", "L"):
            photo = photo.convert("RGB")
        folder = os.path.join(work, name)
        os.makedirs(folder)
        photo.save(os.path.join(folder, "orig.png"))
        is_jpeg = source.lower().endswith((".jpg", ".jpeg"))
        if is_jpeg:
            shutil.copy(source, os.path.join(folder, "origjpeg.jpg"))
        for variant in variants:
            transform = VARIANTS[variant][0]
            if transform:
                transform(photo).save(os.path.join(folder, variant + ".png"))
            else:
                photo.save(os.path.join(folder, variant + ".jpg"), quality=90, subsampling=SUBSAMPLING[variant])
        pages = folder + "-pages"
        subprocess.run([binary, "convert", folder, "-o", pages, "--preset", preset,
                        "--overwrite", "-q", "--page", "none"] + options, check=False)
        for variant in variants:
            back = VARIANTS[variant][1]
            reference = "origjpeg" if variant.startswith("jpeg") and is_jpeg else "orig"
            score = overlap(ink(os.path.join(pages, reference + ".png")),
                            back(ink(os.path.join(pages, variant + ".png"))))
            rows.setdefault(variant, []).append(score)
            print(f"{name:28s} {variant:10s} IoU {score:.3f}", flush=True)
    for variant, scores in rows.items():
        print(f"{variant:10s} lowest {min(scores):.3f} mean {np.mean(scores):.3f}")


if __name__ == "__main__":
    main()
