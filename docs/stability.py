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


def main():
    binary, work, options = sys.argv[1], sys.argv[2], sys.argv[3:]
    manifest = json.load(open("SampleImages/manifest.json"))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    rows = {}
    for entry in manifest["images"]:
        source = os.path.join("SampleImages", entry["file"])
        name = os.path.splitext(entry["file"])[0]
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
        for variant, (transform, _) in VARIANTS.items():
            if transform:
                transform(photo).save(os.path.join(folder, variant + ".png"))
            else:
                photo.save(os.path.join(folder, variant + ".jpg"), quality=90, subsampling=SUBSAMPLING[variant])
        pages = folder + "-pages"
        subprocess.run([binary, "convert", folder, "-o", pages, "--preset", entry["preset"],
                        "--overwrite", "-q", "--page", "none"] + options, check=False)
        for variant, (_, back) in VARIANTS.items():
            reference = "origjpeg" if variant.startswith("jpeg") and is_jpeg else "orig"
            score = overlap(ink(os.path.join(pages, reference + ".png")),
                            back(ink(os.path.join(pages, variant + ".png"))))
            rows.setdefault(variant, []).append(score)
            print(f"{name:28s} {variant:10s} IoU {score:.3f}", flush=True)
    for variant, scores in rows.items():
        print(f"{variant:10s} lowest {min(scores):.3f} mean {np.mean(scores):.3f}")


if __name__ == "__main__":
    main()
