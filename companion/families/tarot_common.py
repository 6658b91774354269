"""What the tarot engine (:mod:`.tarot_play`) and its bots (:mod:`.tarot_bots`) share: the 78 cards as the trick
base's ids and bit masks (♠ ♥ ♣ ♦ from the Roi down, the trumps 21 → 1, the Excuse), their half points, the
deal's sizes and the words of the phases and bids. Nothing here plays."""

from __future__ import annotations

from companion.families.trickplay import TRUMPS, bits, pack

# -- the pack as small ints (the trick base's: ♠ ♥ ♣ ♦ from the Roi down, the trumps 21 → 1, the Excuse) --------
PACK = pack("78")
CODES = PACK.code
INDEX = PACK.index
CATEGORY = PACK.suit  # 0–3 the suits, TRUMPS (4) the trumps, NO_SUIT (5) the Excuse
RANK = PACK.rank  # rank in its suit (As 1 … Roi 14), or the trump's number; 0 for the Excuse
N_CARDS = len(PACK)
PETIT, TWENTY_ONE, EXCUSE = INDEX["T1"], INDEX["T21"], INDEX["EX"]
TRUMP = TRUMPS
SUIT_MASK = PACK.suit_mask
TRUMP_MASK = SUIT_MASK[TRUMPS]
EXCUSE_BIT = 1 << EXCUSE
BOUT_MASK = (1 << PETIT) | (1 << TWENTY_ONE) | EXCUSE_BIT
KING_MASK = PACK.mask(f"K{s}" for s in "SHDC")
ALL_MASK = PACK.all
TRUMPS_DOWN = tuple(INDEX[f"T{v}"] for v in range(21, 0, -1))  # the strongest first
# ABOVE[v]: the trumps stronger than trump v (ABOVE[0]: every trump).
ABOVE = tuple(PACK.mask(f"T{w}" for w in range(v + 1, 22)) for v in range(22))
HALF = tuple(9 if (1 << i) & BOUT_MASK else
             ({14: 9, 13: 7, 12: 5, 11: 3}.get(RANK[i], 1) if CATEGORY[i] < TRUMPS else 1) for i in range(N_CARDS))
ECART_PLAIN = sum(SUIT_MASK[s] for s in range(4)) & ~KING_MASK  # suit cards other than kings: what an écart is made of
SUIT_NAMES = (("pique", "spades"), ("cœur", "hearts"), ("carreau", "diamonds"), ("trèfle", "clubs"))


def cards_of(mask: int) -> list[int]:
    return bits(mask)


# Codes by chunks of the pack (each suit, then the trumps 21–11, then the trumps 10–1 and the Excuse), so that
# listing a full hand's codes is a few look-ups rather than a loop over its cards.
_CHUNKS = ((0, 0x3FFF), (14, 0x3FFF), (28, 0x3FFF), (42, 0x3FFF), (56, 0x7FF), (67, 0x7FF))
_CHUNK_CACHE: tuple[dict[int, tuple[str, ...]], ...] = tuple({} for _ in _CHUNKS)


def _chunk_codes(k: int, chunk: int) -> tuple[str, ...]:
    shift = _CHUNKS[k][0]
    out = _CHUNK_CACHE[k][chunk] = tuple(CODES[shift + i] for i in range(14) if chunk >> i & 1)
    return out


def codes_of(mask: int) -> list[str]:
    """The codes of a bit set, as a hand is held (the pack's order)."""
    out: list[str] = []
    if mask.bit_count() <= 6:
        while mask:
            low = mask & -mask
            out.append(CODES[low.bit_length() - 1])
            mask ^= low
        return out
    for k, (shift, width) in enumerate(_CHUNKS):
        chunk = mask >> shift & width
        if chunk:
            out += _CHUNK_CACHE[k].get(chunk) or _chunk_codes(k, chunk)
    return out


# -- the deal and its words ------------------------------------------------------------------------------------
HAND_SIZE = {3: 24, 4: 18, 5: 15}
CHIEN_SIZE = {3: 6, 4: 6, 5: 3}
PACKET = {3: 4, 4: 3, 5: 3}
BID, CALL, ECART, CHELEM_PHASE = "bid", "call", "ecart", "chelem"
CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")
TAKE = tuple(f"take:{c}" for c in CONTRACTS)
POIGNEE_SIZES = ("simple", "double", "triple")
POIGNEE_TRUMPS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
