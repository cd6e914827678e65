import pytest

from kural.core.notation import Card, CardError, Tile, TileError, parse_cards, parse_tiles


@pytest.mark.parametrize("token, colour, number", [("R5", "R", 5), ("y12", "Y", 12), ("B1", "B", 1), ("K13", "K", 13)])
def test_tiles_parse(token, colour, number):
    t = Tile.parse(token)
    assert (t.colour, t.number) == (colour, number)
    assert eval(repr(t)) == t


def test_specials():
    assert parse_tiles("F J f") == (Tile("F", 0), Tile("J", 0), Tile("F", 0))
    assert Tile.parse("F").is_fake and Tile.parse("J").is_joker


@pytest.mark.parametrize("token, code", [("R14", "tile_number"), ("R0", "tile_number"), ("Z3", "tile_colour"),
                                         ("10X", "tile_token"), ("R", "tile_token"), ("", "tile_token"), ("R5a", "tile_token")])
def test_bad_tiles_name_the_token(token, code):
    with pytest.raises(TileError) as e:
        Tile.parse(token)
    assert e.value.code == code
    assert e.value.token == token
    assert isinstance(e.value, ValueError)


def test_bad_token_position_in_list():
    with pytest.raises(TileError) as e:
        parse_tiles("R5 R6 Q7 R8")
    assert e.value.index == 3 and "Q7" in str(e.value)


@pytest.mark.parametrize("token, rank, suit", [("QS", 12, "S"), ("2c", 2, "C"), ("10H", 10, "H"), ("AD", 1, "D"), ("KC", 13, "C")])
def test_cards_parse(token, rank, suit):
    c = Card.parse(token)
    assert (c.rank, c.suit) == (rank, suit)
    assert eval(repr(c)) == c


@pytest.mark.parametrize("token, code", [("1S", "card_rank"), ("10X", "card_suit"), ("11H", "card_rank"), ("ZZ", "card_rank"), ("Q", "card_rank")])
def test_bad_cards(token, code):
    with pytest.raises(CardError) as e:
        Card.parse(token)
    assert e.value.code == code


def test_okey_successor_wraps():
    assert Tile.parse("K13").next() == Tile.parse("K1")
    assert Tile.parse("B5").next() == Tile.parse("B6")
    assert parse_cards("QS 10H") == (Card(12, "S"), Card(10, "H"))
