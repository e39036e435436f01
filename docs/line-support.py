#!/usr/bin/env python3
"""Line support: how much of each page's drawn line lies on a real colour edge of its photo.

Usage: python3 docs/line-support.py PAGES_FOLDER   (from the repository root; needs
numpy, scipy, pillow and scikit-image). For every PAGE.png in the folder whose photo is in
SampleImages/, the photo is resized to the page (bilinear), converted to CIELAB, blurred
with a Gaussian of sigma 1 px, and its Sobel gradient magnitude taken in ΔE*ab per pixel;
the page's ink (< 128) is skeletonised, and for each skeleton pixel the largest gradient
within 2 px (a 5x5 window) is read. Printed per page: skeleton length, median gradient,
and the share of skeleton pixels at >= 2 and >= 4 ΔE*ab per pixel; then the means.
A line that follows a boundary in the photo scores high; a line through flat colour or
a soft shading band scores low. Pages of trimmed photos (margins cut) are compared with the
untrimmed photo resized, which blurs their figures slightly.
"""
import glob
import json
import os
import sys

import numpy as np
from PIL import Image
from scipy import ndimage
from skimage.color import rgb2lab
from skimage.morphology import skeletonize


def edge_strength(photo_path, width, height, frame=None):
    """Sobel gradient magnitude of the blurred CIELAB photo (the part `frame` of NAME.json
    names, for a page framed on its subject), in ΔE*ab per pixel."""
    photo = Image.open(photo_path).convert("RGB")
    if frame:
        photo = photo.crop((frame["x"], frame["y"], frame["x"] + frame["width"], frame["y"] + frame["height"]))
    photo = photo.resize((width, height), Image.BILINEAR)
    lab = rgb2lab(np.asarray(photo) / 255.0)
    squared = np.zeros((height, width))
    for c in range(3):
        smooth = ndimage.gaussian_filter(lab[..., c], 1.0)
        squared += ndimage.sobel(smooth, 0) ** 2 + ndimage.sobel(smooth, 1) ** 2
    return np.sqrt(squared) / 8.0  # the Sobel kernels sum to 8 times the unit step


def main(pages):
    rows = []
    for page_path in sorted(glob.glob(os.path.join(pages, "*.png"))):
        name = os.path.basename(page_path)[:-4]
        photos = [p for p in glob.glob(os.path.join("SampleImages", name + ".*")) if not p.endswith(".json")]
        if not photos:
            continue
        ink = np.array(Image.open(page_path).convert("L")) < 128
        height, width = ink.shape
        report_path = page_path[:-4] + ".json"
        frame = json.load(open(report_path)).get("frame") if os.path.exists(report_path) else None
        near = ndimage.maximum_filter(edge_strength(photos[0], width, height, frame), size=5)
        values = near[skeletonize(ink)]
        rows.append((np.median(values), (values >= 2).mean(), (values >= 4).mean()))
        print(f"{name:26s} length {values.size:6d}  median {rows[-1][0]:5.2f}  "
              f">=2: {rows[-1][1]:.2f}  >=4: {rows[-1][2]:.2f}")
    means = np.array(rows).mean(axis=0)
    print(f"{'mean':26s} {'':13s} median {means[0]:5.2f}  >=2: {means[1]:.3f}  >=4: {means[2]:.3f}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/contact-sheet")
