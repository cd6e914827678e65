"""QR codes (ISO/IEC 18004, byte mode), made in the reader's browser by the engine: the score sheet's link shown
as a code that the other phones at the table scan, offline, with no service.

Pure and small: text in, the code's modules out (``"1"`` dark, ``"0"`` light, a string a row, the quiet zone
left to whoever draws it). The smallest version that holds the text at level L is chosen, then the highest
error correction that still fits that version, then the mask with the lowest penalty (the standard's four rules),
so a given text always gives the same code. ``tests/test_qr.py`` decodes codes of every version back to their
text with a decoder that shares nothing with this one.

>>> code = encode("https://example.org/en/score/?sheet=eyJnYW1lIjoib2tleSJ9")
>>> code.version, code.level, code.size, len(code.rows), code.rows[0][:8]
(4, 'M', 33, 33, '11111110')
>>> encode("x" * 3000)
Traceback (most recent call last):
...
kural.qr.QrTooLong: 3000 bytes: a QR code holds at most 2953
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Sequence

from kural.core.errors import KuralError

LEVELS: Final = ("L", "M", "Q", "H")  # from the least error correction to the most
_FORMAT_BITS: Final = {"L": 1, "M": 0, "Q": 3, "H": 2}
# Error correction codewords per block and the number of blocks, by level and version (index 0 unused).
_ECC_PER_BLOCK: Final = {
    "L": (-1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28,
          30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28,
          28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
    "Q": (-1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28,
          30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "H": (-1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30,
          30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
}
_BLOCKS: Final = {
    "L": (-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17,
          18, 19, 19, 20, 21, 22, 24, 25),
    "M": (-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29,
          31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
    "Q": (-1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38,
          40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68),
    "H": (-1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45,
          48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81),
}


class QrTooLong(KuralError):
    """The text does not fit the largest QR code."""

    code = "qr_too_long"

    def __init__(self, size: int, limit: int) -> None:
        super().__init__("", f"{size} bytes: a QR code holds at most {limit}", size=size, limit=limit)


@dataclass(frozen=True)
class QrCode:
    """A QR code: its version (1-40), error correction level, mask, and its rows of modules ("1" dark)."""

    version: int
    level: str
    mask: int
    rows: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.rows)


def _raw_modules(version: int) -> int:
    """The modules left for data and error correction once the function patterns are drawn."""
    n = (16 * version + 128) * version + 64
    if version >= 2:
        align = version // 7 + 2
        n -= (25 * align - 10) * align - 55
        if version >= 7:
            n -= 36
    return n


def _data_codewords(version: int, level: str) -> int:
    return _raw_modules(version) // 8 - _ECC_PER_BLOCK[level][version] * _BLOCKS[level][version]


def _capacity(version: int, level: str) -> int:
    """The bytes a code of this version and level holds (mode and count written before them)."""
    bits = _data_codewords(version, level) * 8 - 4 - (8 if version <= 9 else 16)
    return bits // 8


def _tables() -> tuple[list[int], list[int]]:
    exp, log = [0] * 512, [0] * 256
    x = 1
    for i in range(255):
        exp[i] = x
        log[x] = i
        x <<= 1
        if x & 0x100:
            x ^= 0x11D
    for i in range(255, 512):
        exp[i] = exp[i - 255]
    return exp, log


_EXP, _LOG = _tables()  # GF(256) by logarithms: a product is a sum of logs


def _gf_mul(x: int, y: int) -> int:
    return 0 if x == 0 or y == 0 else _EXP[_LOG[x] + _LOG[y]]


def _rs_divisor(degree: int) -> list[int]:
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = _gf_mul(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _gf_mul(root, 0x02)
    return result


def _rs_remainder(data: Sequence[int], divisor: Sequence[int]) -> list[int]:
    logs = [_LOG[c] if c else -1 for c in divisor]
    result = [0] * len(divisor)
    for b in data:
        factor = b ^ result.pop(0)
        result.append(0)
        if factor:
            f = _LOG[factor]
            for i, lc in enumerate(logs):
                if lc >= 0:
                    result[i] ^= _EXP[lc + f]
    return result


def _codewords(data: bytes, version: int, level: str) -> list[int]:
    """The data in byte mode, padded, split into blocks, each with its error correction, interleaved."""
    bits: list[int] = []

    def put(value: int, width: int) -> None:
        bits.extend((value >> i) & 1 for i in reversed(range(width)))

    put(0b0100, 4)
    put(len(data), 8 if version <= 9 else 16)
    for b in data:
        put(b, 8)
    capacity = _data_codewords(version, level) * 8
    put(0, min(4, capacity - len(bits)))
    put(0, -len(bits) % 8)
    pad = 0xEC
    while len(bits) < capacity:
        put(pad, 8)
        pad ^= 0xEC ^ 0x11
    words = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    blocks, ecc = _BLOCKS[level][version], _ECC_PER_BLOCK[level][version]
    raw = _raw_modules(version) // 8
    short, short_len = blocks - raw % blocks, raw // blocks
    divisor = _rs_divisor(ecc)
    out_blocks, k = [], 0
    for i in range(blocks):
        part = words[k:k + short_len - ecc + (0 if i < short else 1)]
        k += len(part)
        check = _rs_remainder(part, divisor)
        if i < short:
            part = part + [0]
        out_blocks.append(part + check)
    result = []
    for i in range(len(out_blocks[0])):
        for j, block in enumerate(out_blocks):
            if i != short_len - ecc or j >= short:  # the short blocks' placeholder byte is skipped
                result.append(block[i])
    return result


def _alignment(version: int, size: int) -> list[int]:
    if version == 1:
        return []
    count = version // 7 + 2
    step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
    return [6] + sorted(size - 7 - i * step for i in range(count - 1))


class _Grid:
    def __init__(self, version: int) -> None:
        self.version = version
        self.size = version * 4 + 17
        self.dark = [[False] * self.size for _ in range(self.size)]
        self.fixed = [[False] * self.size for _ in range(self.size)]

    def put(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True

    def patterns(self) -> None:
        size = self.size
        for i in range(size):
            self.put(6, i, i % 2 == 0)
            self.put(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < size and 0 <= y < size:
                        self.put(x, y, max(abs(dx), abs(dy)) not in (2, 4))
        places = _alignment(self.version, size)
        last = len(places) - 1
        for i, cx in enumerate(places):
            for j, cy in enumerate(places):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue  # under a finder
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.put(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        self.format_bits("L", 0)  # reserved now, written once the mask is known
        if self.version >= 7:
            rem = self.version
            for _ in range(12):
                rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
            bits = self.version << 12 | rem
            for i in range(18):
                bit = (bits >> i) & 1 == 1
                a, b = size - 11 + i % 3, i // 3
                self.put(a, b, bit)
                self.put(b, a, bit)

    def format_bits(self, level: str, mask: int) -> None:
        data = _FORMAT_BITS[level] << 3 | mask
        rem = data
        for _ in range(10):
            rem = (rem << 1) ^ ((rem >> 9) * 0x537)
        bits = (data << 10 | rem) ^ 0x5412
        bit = [(bits >> i) & 1 == 1 for i in range(15)]
        size = self.size
        for i in range(6):
            self.put(8, i, bit[i])
        self.put(8, 7, bit[6])
        self.put(8, 8, bit[7])
        self.put(7, 8, bit[8])
        for i in range(9, 15):
            self.put(14 - i, 8, bit[i])
        for i in range(8):
            self.put(size - 1 - i, 8, bit[i])
        for i in range(8, 15):
            self.put(8, size - 15 + i, bit[i])
        self.put(8, size - 8, True)  # the dark module

    def data(self, words: Sequence[int]) -> None:
        size, i, total = self.size, 0, len(words) * 8
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5  # the vertical timing pattern
            upward = (right + 1) & 2 == 0
            for vert in range(size):
                y = size - 1 - vert if upward else vert
                for x in (right, right - 1):
                    if not self.fixed[y][x] and i < total:
                        self.dark[y][x] = (words[i >> 3] >> (7 - (i & 7))) & 1 == 1
                        i += 1
            right -= 2

    def row(self, y: int) -> int:
        """Row ``y``'s dark modules as a number (x = 0 the highest bit)."""
        return int("".join("1" if d else "0" for d in self.dark[y]), 2)

    def free(self) -> list[int]:
        """Each row's modules that the mask changes (not a function pattern), as a number."""
        return [int("".join("0" if f else "1" for f in row), 2) for row in self.fixed]


_MASKS: Final = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)
_PERIOD: Final = 12  # every mask repeats every 12 rows (and every 6 columns)
_RUN: Final = re.compile(r"0{5,}|1{5,}")
_FINDER_LIKE: Final = ("10111010000", "00001011101")


def _mask_rows(mask: int, size: int) -> list[int]:
    test = _MASKS[mask]
    return [int("".join("1" if test(x, y) else "0" for x in range(size)), 2) for y in range(_PERIOD)]


def _penalty(rows: Sequence[int], size: int) -> int:
    """The standard's penalty of a masked code: runs of five or more, 2x2 blocks, finder-like patterns, and how far
    the dark share is from half."""
    text = [format(r, f"0{size}b") for r in rows]
    lines = text + ["".join(col) for col in zip(*text)]
    score = 0
    for line in lines:
        score += sum(len(m) - 2 for m in map(lambda m: m.group(), _RUN.finditer(line)))
        padded = "0000" + line + "0000"  # the quiet zone counts as light
        score += 40 * sum(padded.count(p) for p in _FINDER_LIKE)
    inner = (1 << (size - 1)) - 1  # a 2x2 block's left column: every x but the last
    full = (1 << size) - 1
    for a, b in zip(rows, rows[1:]):
        same = ~(a ^ b) & full & ~((a ^ (a >> 1)) | (b ^ (b >> 1)))
        score += 3 * bin(same & inner).count("1")
    dark = sum(bin(r).count("1") for r in rows)
    total = size * size
    k = (abs(dark * 20 - total * 10) + total - 1) // total - 1
    return score + max(k, 0) * 10


def encode(text: str, mask: int | None = None) -> QrCode:
    """The QR code of ``text`` (UTF-8, byte mode); ``mask`` forces one of the eight masks (0-7)."""
    data = text.encode("utf-8")
    for version in range(1, 41):
        if len(data) <= _capacity(version, "L"):
            break
    else:
        raise QrTooLong(len(data), _capacity(40, "L"))
    level = [lv for lv in LEVELS if len(data) <= _capacity(version, lv)][-1]
    grid = _Grid(version)
    grid.patterns()
    grid.data(_codewords(data, version, level))
    size = grid.size
    free = grid.free()
    dark = [grid.row(y) for y in range(size)]
    best: tuple[int, int, list[int]] | None = None
    for m in range(8) if mask is None else (mask,):
        grid.format_bits(level, m)  # only the rows that hold format bits change
        for y in (*range(9), *range(size - 8, size)):
            dark[y] = grid.row(y)
        pattern = _mask_rows(m, size)
        rows = [d ^ (pattern[y % _PERIOD] & f) for y, (d, f) in enumerate(zip(dark, free))]
        score = _penalty(rows, size) if mask is None else 0
        if best is None or score < best[0]:
            best = (score, m, rows)
    assert best is not None
    _, chosen, rows = best
    return QrCode(version, level, chosen, tuple(format(r, f"0{size}b") for r in rows))


__all__ = ["encode", "QrCode", "QrTooLong", "LEVELS"]
