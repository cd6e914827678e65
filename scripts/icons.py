"""Draw Kural's app icons (the web app manifest's, kural/site/assets/kural-icon-*.png) from the site's tile picture.

A tile as the pages draw it (``.kt`` in kural.css: a cream face, a darker edge, a red number with its shape under
it) on the site's indigo.  The "any" icons are a rounded square; the maskable ones fill the square and keep the
tile inside the middle 80 % circle that every launcher's mask leaves visible.  The PNGs are committed: run this
again only to change the picture (needs Pillow and DejaVu Sans Bold).

    python scripts/icons.py
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

OUT = Path(__file__).resolve().parents[1] / "kural" / "site" / "assets"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
INDIGO = (64, 81, 181)        # the theme's primary colour (Material's indigo, #4051b5), the manifest's theme colour
FACE = (255, 253, 245)        # --kt-face
EDGE = (201, 194, 173)        # --kt-edge
RED = (198, 40, 40)           # --kt-R


def draw(size: int, maskable: bool) -> Image.Image:
    scale = 4  # drawn large, then reduced: smooth edges
    s = size * scale
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if maskable:
        d.rectangle((0, 0, s, s), fill=INDIGO)
        tile_h = s * 0.56  # inside the safe circle (radius 0.4 s): half-diagonal of the tile < 0.4 s
    else:
        d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.18, fill=INDIGO)
        tile_h = s * 0.74
    tile_w = tile_h * 1.75 / 2.35  # the proportions of a tile on the pages
    x0, y0 = (s - tile_w) / 2, (s - tile_h) / 2
    radius = tile_w * 0.13
    shadow = tile_h * 0.035
    d.rounded_rectangle((x0, y0 + shadow, x0 + tile_w, y0 + tile_h + shadow), radius=radius, fill=EDGE)
    d.rounded_rectangle((x0, y0, x0 + tile_w, y0 + tile_h), radius=radius, fill=FACE, outline=EDGE,
                        width=max(1, round(tile_h * 0.012)))
    number = ImageFont.truetype(FONT, round(tile_h * 0.46))
    d.text((s / 2, y0 + tile_h * 0.42), "7", font=number, fill=RED, anchor="mm")
    r = tile_h * 0.075
    cx, cy = s / 2, y0 + tile_h * 0.78
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=RED)
    return img.resize((size, size), Image.LANCZOS)


def main() -> None:
    for size in (192, 512):
        draw(size, False).save(OUT / f"kural-icon-{size}.png", optimize=True)
        draw(size, True).save(OUT / f"kural-icon-maskable-{size}.png", optimize=True)


if __name__ == "__main__":
    main()
