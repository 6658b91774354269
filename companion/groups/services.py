"""Writing a group: create it, add and rename players, create a table inside it.

Every function checks everything first and raises :class:`GroupError` with every problem (field, message);
nothing is written then. Changes happen in one transaction.

Who the group's players are and which seats they hold change together: renaming, merging or deleting a player,
opening a table in the group and importing into it each take the group's row lock first
(:func:`_lock_group`), then read what they check, inside the transaction. Two phones acting on one player at
once are thus taken one after the other (on SQLite every write transaction already is: they are IMMEDIATE), and
the second one sees what the first did: a player merged or deleted meanwhile raises :class:`PlayerGone`, never
``DoesNotExist``. One lock taken first, always the same one, also means no deadlock between them.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from companion.kernel.names import clean_name, name_problem
from companion.tables import ledger
from companion.tables.models import Table, hash_token

from .access import table_edit_token
from .models import Group, GroupPlayer, name_key

NAME_MAX = 60
PLAYER_MAX = 40


class GroupError(ValueError):
    """``problems`` is a list of ``(field, message)``; the field is ``""`` for the request as a whole."""

    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__("; ".join(m for _f, m in problems))
        self.problems = problems


class PlayerGone(LookupError):
    """The player is not in the group, or no longer: another phone merged or deleted them meanwhile."""


def gone_message() -> str:
    return _("Ce joueur ne fait pas (ou plus) partie du cercle : il vient peut-être d'être fusionné ou supprimé. "
             "Voici la liste à jour.")


def _lock_group(group: Group) -> None:
    """Take the group's row lock, for the rest of the transaction (see the module's docstring)."""
    list(Group.objects.select_for_update().filter(pk=group.pk).values_list("pk", flat=True))


def _locked_player(group: Group, player_id: int) -> GroupPlayer:
    player = GroupPlayer.objects.select_for_update().filter(group=group, pk=player_id).first()
    if player is None:
        raise PlayerGone(player_id)
    return player


def typed_name(raw) -> str:
    """A name as typed, as it is compared and stored: its runs of spaces made one, in normalisation form C (a "Zoé"
    typed with a combining accent is the "Zoé" typed with a precomposed one)."""
    return clean_name(" ".join(str(raw or "").split()))


def name_problem_message(text: str, what: str) -> str | None:
    """Why a name cannot be taken (:func:`companion.kernel.names.name_problem`), for ``what`` (the field's
    label: "Nom du cercle", "Nom de joueur"); None when it can."""
    code = name_problem(text)
    if code == "control_character":
        return _("%(what)s : caractère invisible (de contrôle) interdit.") % {"what": what}
    if code == "surrogate":
        return _("%(what)s : caractère invalide (moitié de caractère UTF-16 isolée).") % {"what": what}
    if code == "bidi_control":
        return _("%(what)s : caractère de contrôle du sens d'écriture interdit "
                 "(U+200E, U+200F, U+061C, U+202A–202E, U+2066–2069).") % {"what": what}
    return None


def clean_group_name(raw) -> tuple[str, list[tuple[str, str]]]:
    name = typed_name(raw)
    if not name_key(name):
        return "", [("name", _("Donnez un nom au cercle."))]
    if len(name) > NAME_MAX:
        return "", [("name", _("Nom trop long (%(n)d caractères au plus).") % {"n": NAME_MAX})]
    bad = name_problem_message(name, _("Nom du cercle"))
    if bad:
        return "", [("name", bad)]
    return name, []


def player_problems(name: str, field: str) -> list[tuple[str, str]]:
    if not name_key(name):  # nothing visible: empty, or only format characters (zero-width spaces…)
        return [(field, _("Le joueur n'a pas de nom."))]
    if len(name) > PLAYER_MAX:
        return [(field, _("Nom trop long (%(n)d caractères au plus).") % {"n": PLAYER_MAX})]
    bad = name_problem_message(name, _("Nom de joueur"))
    if bad:
        return [(field, bad)]
    return []


def clean_player_names(names: list[str], field: str = "players") -> tuple[list[str], list[tuple[str, str]]]:
    """Names without blanks or repeats (case ignored), in the order given; every problem found."""
    out: list[str] = []
    problems: list[tuple[str, str]] = []
    seen: set[str] = set()
    for raw in names:
        name = typed_name(raw)
        if not name:
            continue
        found = player_problems(name, field)
        if found:
            problems += found
        elif name_key(name) in seen:
            problems.append((field, _("Le nom « %(name)s » est donné deux fois.") % {"name": name}))
        else:
            seen.add(name_key(name))
            out.append(name)
    return out, problems


def create_group(name, player_names: list[str]) -> Group:
    clean_name, problems = clean_group_name(name)
    players, more = clean_player_names(player_names)
    problems += more
    if problems:
        raise GroupError(problems)
    with transaction.atomic():
        group = Group.objects.create(name=clean_name)
        GroupPlayer.objects.bulk_create([GroupPlayer(group=group, name=p, key=name_key(p)) for p in players])
    return group


def _already_there(name: str) -> GroupError:
    return GroupError([("name", _("« %(name)s » fait déjà partie du cercle.") % {"name": name})])


def add_player(group: Group, raw_name) -> GroupPlayer:
    name = typed_name(raw_name)
    problems = player_problems(name, "name")
    if problems:
        raise GroupError(problems)
    # The unique constraint (group, key) decides, not a check before the insert: twenty phones adding the same
    # name at once get one player and nineteen "already there".
    try:
        with transaction.atomic():
            return GroupPlayer.objects.create(group=group, name=name, key=name_key(name))
    except IntegrityError:
        raise _already_there(name) from None


def rename_player(group: Group, player_id: int, raw_name) -> GroupPlayer:
    """Rename a player of the group and the seat they hold in every table of the group, at once. Raises
    :class:`PlayerGone` when the player is not (or no longer) in the group."""
    name = typed_name(raw_name)
    problems = player_problems(name, "name")
    with transaction.atomic():
        _lock_group(group)
        player = _locked_player(group, player_id)  # a player gone meanwhile is said so, whatever the name typed
        if problems:
            raise GroupError(problems)
        old_key, new_key = player.key, name_key(name)
        if new_key != old_key and GroupPlayer.objects.filter(group=group, key=new_key).exists():
            raise _already_there(name)
        changed: list[Table] = []
        for table in Table.objects.select_for_update().filter(group=group).only("id", "players"):
            keys = [name_key(p) for p in table.players]
            if old_key not in keys:
                continue
            if new_key != old_key and new_key in keys:
                raise GroupError([("name", _("« %(name)s » joue déjà à une table avec ce joueur.") % {"name": name})])
            # The version is left alone: it counts the table's events (phones compare it with round seqs).
            table.players = [name if k == old_key else p for p, k in zip(table.players, keys, strict=True)]
            changed.append(table)
        Table.objects.bulk_update(changed, ["players"], batch_size=500)
        player.name = name
        try:
            with transaction.atomic():  # the name may have been added meanwhile: the constraint decides
                player.save()
        except IntegrityError:
            raise _already_there(name) from None
    return player


def _seated(group: Group, key: str, lock: bool = False) -> list[Table]:
    tables = Table.objects.filter(group=group).only("id", "players")
    if lock:
        tables = tables.select_for_update()
    return [t for t in tables if key in {name_key(p) for p in t.players}]


def played(group: Group) -> set[str]:
    """The name keys of the players who hold a seat at some table of the group."""
    return {name_key(p) for players in Table.objects.filter(group=group).values_list("players", flat=True) for p in players}


def merge_players(group: Group, player_id: int, into_id: int) -> GroupPlayer:
    """One person entered under two names: every seat of ``player_id`` goes to ``into_id``, then the first
    name leaves the group. Refused when both names sat at the same table (they were two people there).
    Raises :class:`PlayerGone` when ``player_id`` is not (or no longer) in the group."""
    with transaction.atomic():
        _lock_group(group)
        players = {p.pk: p for p in GroupPlayer.objects.select_for_update().filter(group=group, pk__in=[player_id, into_id])}
        if player_id not in players:
            raise PlayerGone(player_id)
        if player_id == into_id:
            raise GroupError([("into", _("Choisissez un autre joueur que lui-même."))])
        if into_id not in players:
            raise GroupError([("into", _("Ce joueur ne fait pas partie du cercle."))])
        source, target = players[player_id], players[into_id]
        changed: list[Table] = []
        for table in _seated(group, source.key, lock=True):
            keys = [name_key(p) for p in table.players]
            if target.key in keys:
                raise GroupError([("into", _("« %(a)s » et « %(b)s » ont joué à la même table : ce sont deux personnes.") % {
                    "a": source.name, "b": target.name})])
            # The version is left alone, as for a rename: it counts the table's events.
            table.players = [target.name if k == source.key else p for p, k in zip(table.players, keys, strict=True)]
            changed.append(table)
        Table.objects.bulk_update(changed, ["players"], batch_size=500)
        source.delete()
    return target


def delete_player(group: Group, player_id: int) -> None:
    """Remove a player who never played in the group (a typo, someone who never came); one who played stays,
    since the group's tables name them. Raises :class:`PlayerGone` when the player is not (or no longer) there."""
    with transaction.atomic():
        _lock_group(group)
        player = _locked_player(group, player_id)
        if _seated(group, player.key):
            raise GroupError([("delete", _("« %(name)s » a joué dans ce cercle : on ne peut que le renommer ou le fusionner.") % {
                "name": player.name})])
        player.delete()


def seat_names(group: Group, typed: list[str]) -> list[str]:
    """Typed names with the group's spelling for players it knows (``ana`` → ``Ana``)."""
    known = {p.key: p.name for p in GroupPlayer.objects.filter(group=group)}
    return [known.get(name_key(n), typed_name(n)) for n in typed]


def create_group_table(group: Group, game_slug: str, typed_names: list[str], options) -> tuple[Table, str]:
    """A table inside the group (its checks are those of any table: ``ledger.create_table``); names not yet in
    the group join it. Returns the table and its edit token. Raises ``InvalidEntry``."""
    players = seat_names(group, typed_names)  # control characters are refused by the game (check_players)
    with transaction.atomic():
        # The group's lock: a player merged or deleted at this moment is either still there (and seated here,
        # which that merge or deletion then sees) or gone before ``known`` is read (and added again below).
        _lock_group(group)
        table, _token = ledger.create_table(game_slug, players, options)
        token = table_edit_token(group.id, table.id)
        Table.objects.filter(pk=table.pk).update(group=group, edit_token_hash=hash_token(token))
        table.group, table.edit_token_hash = group, hash_token(token)
        known = set(GroupPlayer.objects.filter(group=group).values_list("key", flat=True))
        # A name another phone adds at the same moment is already a player: the constraint keeps one row.
        GroupPlayer.objects.bulk_create([GroupPlayer(group=group, name=p, key=name_key(p))
                                         for p in table.players if name_key(p) not in known], ignore_conflicts=True)
    return table, token

