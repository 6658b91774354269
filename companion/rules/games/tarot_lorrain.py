"""Le tarot lorrain — rules data for the rulebook. Source: seed files 000 and 001 (identical text, rule by Arno);
"le tarot normal" completed from the Règlement officiel of the Fédération française de tarot (FFT), see rules-notes
§7 and §8. The FFT numbers and tables are companion.rules.tarot's, shared with the Tarot taré."""

from .. import tarot
from ..base import COUNTERCLOCKWISE, GameInfo, RuleTable
from ..text import T

INFO = GameInfo(
    slug="tarot-lorrain",
    names=T("Le tarot lorrain", "Lorraine Tarot"),
    min_players=3,
    max_players=5,
    decks=("78",),
    family="levees",
    direction=COUNTERCLOCKWISE,
    source="Fichiers sources 000 et 001 (règle d'Arno) ; tarot complété d'après le Règlement officiel de la FFT.",
    aliases=("tarot lorrain", "lorraine tarot"),
    summary=T(
        "Le tarot de la FFT, mais chacun passe sa main à gauche après chaque pli.",
        "FFT tarot, but everyone passes their hand to the left after each trick.",
    ),
    tables=(
        tarot.CARD_ORDER_TABLE,
        tarot.CARD_POINTS_TABLE,
        RuleTable(
            "deal_sizes",
            tarot.DEAL_SIZE_TITLE,
            (
                *tarot.DEAL_SIZE_COLUMNS,
                T("Poignée simple (atouts)", "Single poignée (trumps)"),
                T("Double", "Double"),
                T("Triple", "Triple"),
            ),
            rows=tuple((*tarot.deal_size_row(n), *tarot.POIGNEE_TRUMPS[n]) for n in tarot.HAND_SIZE),
        ),
        tarot.CONTRACTS_TABLE,
        tarot.POINTS_NEEDED_TABLE,
        tarot.PRIMES_TABLE,
        tarot.SHARES_TABLE,
    ),
)
