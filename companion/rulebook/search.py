"""One search box across every game and section, accents and case ignored.

The index holds every passage of every entry (:mod:`.book`) of one language, folded with
:func:`companion.kernel.text.fold` (``Cœur`` → ``coeur``), with a sorted vocabulary so that each query word
matches the words it begins (``coeur`` finds ``cœurs``). A query must match every one of its words in a
passage (the words that name a game count as matched in that game's passages); results rank passages whose
heading matches first, then whole-phrase matches, then the game the query names (``rami sec`` → the Rami's
``rami-sec`` variant before any other game's mention of it), then the game the search was made from (a table's
page or its rulebook page: ``game``). A word also finds the words of its stem (Snowball's French or English
stemmer, from the ``snowballstemmer`` package): ``entamer`` finds ``entame``, ``leading`` finds ``lead``.

No Django here: the benchmark (scripts/bench_rulebook_search.py) and the tests call :func:`search` directly.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache

import snowballstemmer

from companion.games import registry
from companion.kernel.text import distance, fold, max_typos

from . import book

MAX_QUERY = 100  # characters; longer queries are refused with a message
MAX_RESULTS = 30
SNIPPET = 180  # characters around the first match

_WORD = re.compile(r"\w+")
# Words too common to narrow anything; they are dropped unless the query has nothing else.
STOPWORDS = frozenset(
    "a à au aux c ce d de des du en et est il j l la le les n ne on ou par pour qu que qui quoi quand comment se "
    "s sur un une y "
    "peut peux peuvent doit dois doivent faut "  # "peut-on…", "faut-il…": the question, not what it is about
    "an and are as at be by do does for how i if in is it of on or the to what when who with".split()
)
_ARTICLES = ("le ", "la ", "les ", "l'", "l’", "the ")


@dataclass(frozen=True)
class Doc:
    slug: str
    game: str  # the game's name in the index language
    section: str
    section_title: str
    anchor: str
    title: str
    text: str
    folded_title: str
    folded_text: str
    title_words: frozenset[str]


@dataclass(frozen=True)
class Result:
    doc: Doc
    score: int
    snippet: tuple[tuple[str, bool], ...]  # (text, is_match) pieces

    @property
    def url_fragment(self) -> str:
        return self.doc.anchor


@dataclass(frozen=True)
class Suggestion:
    """A query to try instead ("Vouliez-vous dire…"): the typed words with each unknown one replaced by the nearest
    word of the rulebook, and the games that corrected query names (``barbou`` → ``barbu``, the Barbu)."""

    query: str
    games: tuple[str, ...] = ()


@dataclass(frozen=True)
class Found:
    query: str
    terms: tuple[str, ...]
    results: tuple[Result, ...]
    total: int
    partial: bool  # no passage held every word: these hold some of them
    suggestions: tuple[Suggestion, ...] = ()


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


MIN_STEMMED = 4  # shorter words are matched by their beginning only: a stem of 2 or 3 letters finds too much
_STEMMERS = {"fr": "french", "en": "english"}


@lru_cache(maxsize=2)
def _stemmer(lang: str):  # -> snowballstemmer.Stemmer (untyped)
    return snowballstemmer.stemmer(_STEMMERS.get(lang, "french"))


def stem(word: str, lang: str) -> str:
    """The stem of a folded word in ``lang`` (``stem("entamer", "fr") == stem("entame", "fr") == "entam"``); the
    folded word is stemmed, so that a word typed without its accents has the stem of the accented one."""
    return _stemmer(lang).stemWord(word) if len(word) >= MIN_STEMMED else word


class Index:
    def __init__(self, lang: str):
        self.lang = lang
        self.docs: list[Doc] = []
        postings: dict[str, set[int]] = {}
        self.game_names: dict[str, list[tuple[str, ...]]] = {}
        self.game_words: dict[str, frozenset[str]] = {}
        for slug, info in registry.catalog().items():
            entry = book.entry(slug, lang)
            titles = {s.key: s.title for s in entry.sections}
            for p in entry.passages:
                doc = Doc(slug, entry.title, p.section, titles[p.section], p.anchor, p.title, p.text,
                          " ".join(words(p.title)), " ".join(words(p.text)), frozenset(words(p.title)))
                i = len(self.docs)
                self.docs.append(doc)
                for w in set(words(p.title)) | set(words(p.text)):
                    postings.setdefault(w, set()).add(i)
            names = {info.names.fr, info.names.en, slug, *info.aliases, entry.title}
            seqs = set()
            for name in names:
                lowered = name.lower()
                for article in _ARTICLES:
                    if lowered.startswith(article):
                        name = name[len(article):]
                        break
                seq = tuple(words(name))
                if seq:
                    seqs.add(seq)
            self.game_names[slug] = sorted(seqs, key=len, reverse=True)
            self.game_words[slug] = frozenset(w for seq in seqs for w in seq if w not in STOPWORDS)
        # The common page ("Comment Atout compte": first dealer, direction of play…) is searched like a game's.
        if book.content_path(book.GUIDE, lang).exists():
            guide = book.guide(lang)
            for p in guide.passages:
                doc = Doc(book.GUIDE, guide.title, p.section, guide.title, p.anchor, p.title, p.text,
                          " ".join(words(p.title)), " ".join(words(p.text)), frozenset(words(p.title)))
                i = len(self.docs)
                self.docs.append(doc)
                for w in set(words(p.title)) | set(words(p.text)):
                    postings.setdefault(w, set()).add(i)
        self.vocab = sorted(postings)
        self.postings = {w: frozenset(ids) for w, ids in postings.items()}
        by_stem: dict[str, set[str]] = {}
        for w in self.vocab:
            if len(w) >= MIN_STEMMED and w.isalpha():
                by_stem.setdefault(stem(w, lang), set()).add(w)
        self.stem_words = {s: frozenset(ws) for s, ws in by_stem.items()}
        self.name_words = frozenset(w for ws in self.game_words.values() for w in ws)
        # Words worth offering for a typo: letters only, not too short, not a stop word.
        self.suggestable = tuple(sorted(w for w in set(self.vocab) | self.name_words
                                        if len(w) >= 3 and w.isalpha() and w not in STOPWORDS))
        by_bigram: dict[str, list[int]] = {}
        for i, w in enumerate(self.suggestable):
            for g in bigrams(w):
                by_bigram.setdefault(g, []).append(i)
        self.by_bigram = {g: tuple(ids) for g, ids in by_bigram.items()}

    def same_stem(self, term: str) -> frozenset[str]:
        """The rulebook's words with the stem of ``term`` (``entamer`` → entame, entamer, entames…)."""
        return self.stem_words.get(stem(term, self.lang), frozenset()) if len(term) >= MIN_STEMMED else frozenset()

    def matching(self, term: str) -> set[int]:
        """Passages holding a word that begins with ``term`` or has its stem."""
        out: set[int] = set()
        i = bisect_left(self.vocab, term)
        while i < len(self.vocab) and self.vocab[i].startswith(term):
            out |= self.postings[self.vocab[i]]
            i += 1
        for w in self.same_stem(term):
            out |= self.postings[w]
        return out

    def known(self, term: str) -> bool:
        """Whether some word of the rulebook, or of a game's name, begins with ``term`` or has its stem."""
        i = bisect_left(self.vocab, term)
        return ((i < len(self.vocab) and self.vocab[i].startswith(term)) or bool(self.same_stem(term))
                or bool(self.games_with_word(term)))

    def nearest(self, term: str, limit: int = 3) -> list[str]:
        """The rulebook's words closest to an unknown ``term`` (a typo), nearest first; game-name words and
        frequent words first among equals. Empty when nothing is close enough to be a typo."""
        most = max_typos(term)
        if not most:
            return []
        # A word within `most` slips keeps all but 3 × most of the term's letter pairs (a swap breaks three, any
        # other slip at most two): only words sharing that many pairs are measured.
        grams = bigrams(term)
        shared: dict[int, int] = {}
        for g in grams:
            for i in self.by_bigram.get(g, ()):
                shared[i] = shared.get(i, 0) + 1
        need = len(grams) - 3 * most
        scored = []
        for i, n in shared.items():
            word = self.suggestable[i]
            if n < need or abs(len(word) - len(term)) > most:
                continue
            d = distance(term, word, most)
            if d <= most:
                scored.append((d, word not in self.name_words, -len(self.postings.get(word, ())), word))
        scored.sort()
        return [w for *_, w in scored[:limit]]

    def games_with_word(self, term: str) -> set[str]:
        """Games one of whose names has a word beginning with ``term`` (``belote`` → both belotes)."""
        return {slug for slug, ws in self.game_words.items() if any(w.startswith(term) for w in ws)}

    def named_games(self, tokens: list[str]) -> dict[str, set[int]]:
        """Games whose name (or alias) appears in the query, with the query word positions it covers."""
        out: dict[str, set[int]] = {}
        for slug, seqs in self.game_names.items():
            for seq in seqs:
                n = len(seq)
                for start in range(len(tokens) - n + 1):
                    if tuple(tokens[start:start + n]) == seq:
                        out.setdefault(slug, set()).update(range(start, start + n))
                if slug in out:
                    break
        return out


@lru_cache(maxsize=4)
def _index(lang: str, stamp: tuple) -> Index:
    return Index(lang)


def index(lang: str) -> Index:
    return _index(book.norm_lang(lang), book.content_stamp())


def _has_word_starting(folded: str, term: str) -> bool:
    return folded.startswith(term) or f" {term}" in folded


def _has_word(folded: str, term: str) -> bool:
    return f" {folded} ".find(f" {term} ") >= 0


def bigrams(word: str) -> set[str]:
    """The distinct letter pairs of a word, its two ends marked: ``bigrams("roi") == {"^r", "ro", "oi", "i$"}``."""
    padded = f"^{word}$"
    return {padded[i:i + 2] for i in range(len(padded) - 1)}


MAX_SUGGESTIONS = 3
MAX_CORRECTED = 4  # unknown words corrected in one query; the others are left as typed


def suggest(idx: Index, tokens: list[str]) -> tuple[Suggestion, ...]:
    """Corrected queries for the words of ``tokens`` the rulebook does not know; empty when every word is known."""
    options: list[list[str]] = []
    changed = False
    tried = 0
    for t in tokens:
        if t in STOPWORDS or idx.known(t) or tried >= MAX_CORRECTED:
            options.append([t])
            continue
        tried += 1
        near = idx.nearest(t)
        if not near:
            options.append([t])
            continue
        options.append(near)
        changed = True
    if not changed:
        return _near_names(idx, tokens)
    queries: list[list[str]] = [[o[0] for o in options]]
    # Other readings of the first corrected word, when they are words of a game's name ("belotte" → belote…).
    for k, o in enumerate(options):
        if len(o) > 1:
            for alt in o[1:]:
                if alt in idx.name_words:
                    queries.append([*(q[0] for q in options[:k]), alt, *(q[0] for q in options[k + 1:])])
            break
    out: list[Suggestion] = []
    for words_ in queries[:MAX_SUGGESTIONS]:
        named = idx.named_games(words_)
        fixed = {w for w, t in zip(words_, tokens, strict=True) if w != t}
        games = tuple(slug for slug, ws in idx.game_words.items() if slug in named or fixed & ws)
        out.append(Suggestion(" ".join(words_), games))
    return tuple(out)


def _near_names(idx: Index, tokens: list[str]) -> tuple[Suggestion, ...]:
    """Game names a query of known words misspells as a whole ("nain jeune" → nain jaune), nearest first."""
    typed = " ".join(tokens)
    most = max_typos(typed.replace(" ", ""))
    if not most or " " not in typed or idx.named_games(tokens):
        return ()
    near = []
    for slug, seqs in idx.game_names.items():
        for seq in seqs:
            name = " ".join(seq)
            if name != typed and distance(typed, name, most) <= most:
                near.append((distance(typed, name, most), name, slug))
    near.sort()
    out: dict[str, list[str]] = {}
    for _, name, slug in near:
        out.setdefault(name, []).append(slug)
    return tuple(Suggestion(name, tuple(slugs)) for name, slugs in list(out.items())[:MAX_SUGGESTIONS])


GAME_HERE = 15  # the rank a passage of the game the search was made from gains: above a mere mention elsewhere


def search(query: str, lang: str | None = "fr", limit: int = MAX_RESULTS, game: str | None = None) -> Found:
    """Passages matching ``query`` (already capped by the caller), best first; ``game``: the slug of the game
    the search was made from, whose passages come before another game's of the same rank."""
    idx = index(lang or "fr")
    tokens = words(query)
    kept = [(pos, t) for pos, t in enumerate(tokens) if t not in STOPWORDS]
    if not kept:
        kept = list(enumerate(tokens))
    seen: set[str] = set()
    terms = []
    for pos, t in kept:
        if t not in seen:
            seen.add(t)
            terms.append((pos, t))
    if not terms:
        return Found(query, (), (), 0, False)
    suggestions = suggest(idx, tokens)
    games = idx.named_games(tokens)
    matches = {t: idx.matching(t) for _, t in terms}
    by_name = {t: idx.games_with_word(t) for _, t in terms}
    # Every word of the query names a game ("rami", "dame de pique"): open that game at the top.
    only_names = all(any(pos in cov for cov in games.values()) for pos, _ in terms)

    candidates = set().union(*matches.values())
    named = set().union(*by_name.values())
    candidates |= {i for i, d in enumerate(idx.docs) if d.slug in named}
    full, partial = [], []
    for i in candidates:
        doc = idx.docs[i]
        if all(i in matches[t] or doc.slug in by_name[t] for _, t in terms):
            full.append(i)
        elif any(i in matches[t] for _, t in terms):
            partial.append(i)
    chosen, is_partial = (full, False) if full else (partial, True)
    phrase = " ".join(t for _, t in terms)
    scored = []
    for i in chosen:
        doc = idx.docs[i]
        score = 0
        for _, t in terms:
            if i in matches[t]:
                if _has_word_starting(doc.folded_title, t):
                    score += 8 + (2 if t in doc.title_words else 0)
                else:
                    score += 3 + (1 if _has_word(doc.folded_text, t) else 0)
            elif doc.slug in by_name[t]:
                score += 4
        if len(terms) > 1:
            if phrase in doc.folded_title:  # a heading about exactly this ("rami sec") beats everything
                score += 40
                if " ".join(w for w in doc.folded_title.split() if w not in STOPWORDS) == phrase:
                    score += 10
            elif phrase in doc.folded_text:
                score += 5
        if doc.slug in games:
            score += 10 * len(games[doc.slug])
            if only_names and doc.anchor == book.section_anchor("short"):
                score += 30
        elif game is not None and doc.slug == game and not games:
            score += GAME_HERE
        scored.append((-score, i))
    scored.sort()
    marked = [t for _, t in terms] + sorted({w for _, t in terms for w in idx.same_stem(t)})
    results = tuple(Result(idx.docs[i], -s, snippet(idx.docs[i], marked)) for s, i in scored[:limit])
    return Found(query, tuple(t for _, t in terms), results, len(scored), is_partial, suggestions)


# -- snippets --------------------------------------------------------------------------------------------------
def _fold_map(text: str) -> tuple[str, list[int]]:
    """``fold(text)`` and, for each folded character, the index of the original character it comes from."""
    out: list[str] = []
    where: list[int] = []
    for i, c in enumerate(text):
        f = c.lower() if c < "\x80" else fold(c)
        out.append(f)
        where.extend([i] * len(f))
    return "".join(out), where


def snippet(doc: Doc, terms: list[str], width: int = SNIPPET) -> tuple[tuple[str, bool], ...]:
    """A window of the passage text around its first match, matches marked."""
    text = doc.text or doc.title
    if not text:
        return ()
    folded, where = _fold_map(text)
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True)) + r")\w*")
    spans = [(where[m.start()], where[m.end() - 1] + 1) for m in pattern.finditer(folded)] if terms else []
    first = spans[0][0] if spans else 0
    start = max(0, first - width // 3)
    if start:
        space = text.rfind(" ", 0, start)
        start = space + 1 if space >= 0 and start - space < 20 else start
    end = min(len(text), start + width)
    if end < len(text):
        space = text.find(" ", end)
        end = space if 0 <= space < end + 20 else end
    pieces: list[tuple[str, bool]] = []
    if start:
        pieces.append(("…", False))
    pos = start
    for a, z in spans:
        if z <= start or a >= end:
            continue
        a, z = max(a, start), min(z, end)
        if a > pos:
            pieces.append((text[pos:a], False))
        pieces.append((text[a:z], True))
        pos = z
    if pos < end:
        pieces.append((text[pos:end], False))
    if end < len(text):
        pieces.append(("…", False))
    return tuple(pieces)
