"""The score sheet's QR code (kural.qr): codes of every version and level read back to their text by a decoder that
shares nothing with the encoder (zxing-cpp, from PyPI), and, decoder or not, each code's fixed parts checked
against the standard: the finder and timing patterns, the format bits (level and mask) and the version bits."""

from __future__ import annotations

import random
import string

import pytest

from kural.qr import LEVELS, QrTooLong, _capacity, encode

ALPHABET = string.ascii_letters + string.digits + "-_.:/?=&%"
_FORMAT = {"L": 1, "M": 0, "Q": 3, "H": 2}


def _texts():
    """For every version, a text that fills it (the longest that fits, or one byte less), and texts that fit the
    smallest versions at each level (the level raised as far as the version allows)."""
    rnd = random.Random(38)
    for version in range(1, 41):
        size = _capacity(version, "L") - (version % 2)
        yield "".join(rnd.choice(ALPHABET) for _ in range(size))
    for level in LEVELS:
        yield "".join(rnd.choice(ALPHABET) for _ in range(_capacity(1, level)))
    yield "https://kural.example/tr/score/?sheet=eyJnYW1lIjoib2tleTEwMSJ9"
    yield "Ayşe · 親 · Mehmet"  # not ASCII: UTF-8 bytes


def _image(rows, scale=3):
    np = pytest.importorskip("numpy")
    quiet = 4
    n = len(rows) + 2 * quiet
    pixels = np.full((n, n), 255, np.uint8)
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c == "1":
                pixels[y + quiet, x + quiet] = 0
    return np.kron(pixels, np.ones((scale, scale), np.uint8))


def test_codes_of_every_version_read_back_to_their_text():
    zxing = pytest.importorskip("zxingcpp")
    seen, levels = set(), set()
    for text in _texts():
        code = encode(text)
        seen.add(code.version)
        levels.add(code.level)
        found = zxing.read_barcodes(_image(code.rows), formats=zxing.BarcodeFormat.QRCode)
        assert [b.text for b in found] == [text], (code.version, code.level, code.mask)
        assert found[0].ec_level == code.level
    assert seen == set(range(1, 41)) and levels == set(LEVELS)


def _bch(value: int, poly: int, degree: int) -> int:
    rem = value << degree
    for shift in range(value.bit_length() + degree - 1, degree - 1, -1):
        if rem >> shift & 1:
            rem ^= poly << (shift - degree)
    return value << degree | rem


@pytest.mark.parametrize("text", list(_texts())[::7], ids=lambda t: str(len(t)))
def test_each_code_has_the_standards_fixed_parts(text):
    code = encode(text)
    rows, size = code.rows, code.size
    assert size == 17 + 4 * code.version and all(len(r) == size for r in rows)
    finder = ["1111111", "1000001", "1011101", "1011101", "1011101", "1000001", "1111111"]
    for x0, y0 in ((0, 0), (size - 7, 0), (0, size - 7)):
        assert [rows[y0 + i][x0:x0 + 7] for i in range(7)] == finder
    timing = "".join("1" if i % 2 == 0 else "0" for i in range(8, size - 8))
    assert rows[6][8:size - 8] == timing and "".join(r[6] for r in rows[8:size - 8]) == timing
    # the format bits, both copies: the level and the mask, with their BCH code and the standard's XOR pattern
    want = _bch(_FORMAT[code.level] << 3 | code.mask, 0x537, 10) ^ 0x5412
    bit = lambda x, y: int(rows[y][x])  # noqa: E731
    first = [bit(8, i) for i in range(6)] + [bit(8, 7), bit(8, 8), bit(7, 8)] + [bit(14 - i, 8) for i in range(9, 15)]
    second = [bit(size - 1 - i, 8) for i in range(8)] + [bit(8, size - 15 + i) for i in range(8, 15)]
    assert first == second == [(want >> i) & 1 for i in range(15)]
    assert bit(8, size - 8) == 1  # the dark module
    if code.version >= 7:
        bits = _bch(code.version, 0x1F25, 12)
        assert [bit(size - 11 + i % 3, i // 3) for i in range(18)] == [(bits >> i) & 1 for i in range(18)]


def test_the_same_text_gives_the_same_code_and_a_text_too_long_is_refused():
    link = "https://kural.example/ja/score/?sheet=" + "A" * 900
    assert encode(link) == encode(link)
    assert encode(link).level == "L" or _capacity(encode(link).version, "L") >= len(link)
    with pytest.raises(QrTooLong) as e:
        encode("x" * (_capacity(40, "L") + 1))
    assert e.value.values == {"size": 2954, "limit": 2953}
