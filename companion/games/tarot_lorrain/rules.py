"""Le tarot lorrain. Source: the user's rule document « Le tarot lorrain » (a rule by Arno); "le tarot normal"
completed from the Règlement officiel of the Fédération française de tarot (FFT) and pagat.com's French Tarot.

The score sheet is the FFT's (:class:`companion.families.tarot.TakerSheet`, shared with the plain Tarot) with the
variant's one twist on: each bout goes, with its 4.5 points, to the camp of the seat that played it, so the
taker's ``bouts`` and ``points`` are counted that way, a chelem leaves the other camp the bouts it played, and
the petit au bout goes to the camp that played the Petit in the last trick. At 5 players the partner is the seat
dealt the called king (Atout's reading, since hands pass from seat to seat), whoever's hand it is in when it is
played.
"""


from companion.families import tarot
from companion.kernel.game import COUNTERCLOCKWISE, GameInfo
from companion.kernel.text import T

from .deal import TarotLorrainDeal

PACKET = 3  # the FFT deals the cards three at a time

INFO = GameInfo(
    essentials=("contracts", "bouts_needed", "primes"),
    slug="tarot-lorrain",
    names=T("Le tarot lorrain", "Lorraine Tarot"),
    min_players=3,
    max_players=5,
    decks=("78",),
    family="levees",
    based_on="tarot",
    direction=COUNTERCLOCKWISE,
    source="The user's rule document « Le tarot lorrain » (a rule by Arno); tarot completed from the FFT's Règlement officiel.",
    aliases=("tarot lorrain", "lorraine tarot"),
    summary=T(
        "Le tarot de la FFT, mais chacun passe sa main à gauche après chaque pli.",
        "FFT tarot, but everyone passes their hand to the left after each trick.",
    ),
    tables=tarot.TAKER_TABLES,
    values=tarot.taker_values(PACKET),
)


class TarotLorrainSheet(tarot.TakerSheet):
    bouts_to_player = True
    rules = {"contract": "encheres", "points": "bouts", "primes": "annonces"}


class TarotLorrain(tarot.TakerGame):
    info = INFO
    sheet_class = TarotLorrainSheet
    deal_class = TarotLorrainDeal



GAME = TarotLorrain()
