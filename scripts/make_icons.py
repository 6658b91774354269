"""Draw Atout's app icons into static/icons/ (committed; run again only to change them).

    .venv/bin/pip install pillow && .venv/bin/python scripts/make_icons.py

A white spade on the app's green: ``icon-192.png`` and ``icon-512.png`` (rounded square, transparent corners,
"any" purpose) and ``maskable-512.png`` (full-bleed green, the spade inside the central safe circle of 80 %,
for launchers that cut their own shape). Shapes are drawn, not typeset, so no font is needed. Drawn 4× larger
and scaled down for smooth edges.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

GREEN = (31, 95, 63, 255)  # the theme colour, #1f5f3f
WHITE = (255, 255, 255, 255)
OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
SUPERSAMPLE = 4


def _tangent(apex: tuple[float, float], centre: tuple[float, float], r: float, side: int) -> tuple[float, float]:
    """Where a line from ``apex`` touches the circle (``centre``, ``r``) on its outer ``side`` (-1 left, 1 right)."""
    ax, ay = apex
    cx, cy = centre
    dx, dy = cx - ax, cy - ay
    d = math.hypot(dx, dy)
    base = math.atan2(dy, dx)
    offset = math.asin(r / d)
    angle = base - side * offset  # rotate away from the centre line, outwards
    length = math.sqrt(d * d - r * r)
    return ax + length * math.cos(angle), ay + length * math.sin(angle)


def spade(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill) -> None:
    """A spade ``size`` tall centred on (cx, cy): an upside-down heart (a point on two round lobes) on a stem."""
    top = cy - size / 2
    r = size * 0.22  # lobe radius
    lobe_y = cy + size * 0.1
    apex = (cx, top)
    points = [apex]
    for side in (1, -1):
        centre = (cx + side * r * 0.95, lobe_y)
        draw.ellipse([centre[0] - r, lobe_y - r, centre[0] + r, lobe_y + r], fill=fill)
        points.append(_tangent(apex, centre, r, side))
        points.append(centre)
    draw.polygon([points[0], points[1], points[2], points[4], points[3]], fill=fill)
    # The stem, flaring to a foot.
    foot = cy + size / 2
    draw.polygon([(cx - size * 0.04, lobe_y), (cx + size * 0.04, lobe_y), (cx + size * 0.17, foot),
                  (cx - size * 0.17, foot)], fill=fill)


def icon(px: int, maskable: bool) -> Image.Image:
    big = px * SUPERSAMPLE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    if maskable:
        draw.rectangle([0, 0, big, big], fill=GREEN)
        spade(draw, big / 2, big / 2, big * 0.5, WHITE)  # well inside the 80 % safe circle
    else:
        draw.rounded_rectangle([0, 0, big - 1, big - 1], radius=big * 0.22, fill=GREEN)
        spade(draw, big / 2, big / 2, big * 0.64, WHITE)
    return img.resize((px, px), Image.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, px, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                               ("maskable-512.png", 512, True)):
        # Two colours and their anti-aliased edges: a 32-colour palette is lossless to the eye and 3× smaller.
        icon(px, maskable).quantize(colors=32, method=Image.Quantize.FASTOCTREE).save(OUT / name, optimize=True)
        print(OUT / name, (OUT / name).stat().st_size, "bytes")


if __name__ == "__main__":
    main()
