#!/usr/bin/env python3
"""Draws the haze tile of the terrain atlas (assets/tiles/terrain.png, slot 6: concealment).

Concealing squares (smoke, fog, foliage as a rule) are drawn as a soft translucent haze laid
over the ground rather than as an opaque picture: the tile is white with an alpha that drifts
in soft puffs and tiles seamlessly, so neighbouring hazy squares read as one cloud, and the game
tints it (a light haze for concealment, a thicker one for total concealment / sight blockers).
Pure Python (zlib only): `python3 tools/haze_tile.py` rewrites the slot in place.
"""
import math
import struct
import zlib
from pathlib import Path

ATLAS = Path(__file__).resolve().parent.parent / "assets" / "tiles" / "terrain.png"
TILE = 64
SLOT = 6


def read_png(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert (depth, colour, interlace) == (8, 6, 0), "8-bit RGBA, not interlaced"
    raw, stride, rows, prev = zlib.decompress(idat), width * 4, [], bytearray(width * 4)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b = prev[i]
            c = prev[i - 4] if i >= 4 else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, rows


def write_png(path, width, height, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


# Soft puffs (centre x, centre y, radius) on the 64-pixel tile; each wraps around the edges so
# the tile repeats without seams.
PUFFS = [(10, 12, 17), (40, 8, 14), (54, 36, 19), (24, 40, 20), (6, 56, 13), (40, 58, 12), (30, 24, 11)]


def haze_alpha(x, y):
    """Overlapping soft puffs over a thin veil: about 0.3 between puffs, 1.0 inside them."""
    density = 0.0
    for cx, cy, r in PUFFS:
        for ox in (-TILE, 0, TILE):
            for oy in (-TILE, 0, TILE):
                d2 = (x - cx - ox) ** 2 + (y - cy - oy) ** 2
                density += 0.7 * math.exp(-d2 / (2 * (r / 2.2) ** 2))
    return 0.3 + 0.7 * min(1.0, density)


def main():
    width, height, rows = read_png(ATLAS)
    for y in range(TILE):
        for x in range(TILE):
            i = (SLOT * TILE + x) * 4
            rows[y][i : i + 4] = bytes((255, 255, 255, round(255 * haze_alpha(x, y))))
    write_png(ATLAS, width, height, rows)


if __name__ == "__main__":
    main()
