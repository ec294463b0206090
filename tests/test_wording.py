"""The wording over the whole translation table: French elision before names, reasons
that don't end with a stop the result line adds, one form of address, plurals that agree."""
from __future__ import annotations

import re

import pytest

from nimarcade import i18n
from nimarcade.i18n import LANGUAGES, tr
from tests.catalogue_view import TEXTS as TABLE
from nimarcade.i18n.elision import elide


def fields(text: str) -> set[str]:
    return i18n.fields(text)


# -- elision --------------------------------------------------------------------------------
@pytest.mark.parametrize("name, fr", [
    ("Ordinateur A", "Au tour d'Ordinateur A"),
    ("Ordinateur (expert)", "Au tour d'Ordinateur (expert)"),
    ("Alice", "Au tour d'Alice"),
    ("Éloïse", "Au tour d'Éloïse"),
    ("Hélène", "Au tour d'Hélène"),
    ("Joueur 1", "Au tour de Joueur 1"),
    ("11", "Au tour de 11"),
])
def test_de_is_elided_before_a_name_that_begins_with_a_vowel(name: str, fr: str) -> None:
    for key in ("hud.turn", "grid.waiting", "wythoff.waiting"):
        assert tr(key, "fr", name=name) == fr
        assert tr(key, "en", name=name) == f"{name} to play"


def test_que_and_le_elide_too_and_the_first_letter_keeps_its_case() -> None:
    assert elide("plus tôt que {name}", {"name": "Alice"}) == "plus tôt qu'{name}"
    assert elide("Que {name} joue", {"name": "Ordinateur"}) == "Qu'{name} joue"
    assert elide("le {thing}", {"thing": "ordinateur"}) == "l'{thing}"
    assert elide("De {name} à {other}", {"name": "Ordinateur", "other": "Alice"}) == "D'{name} à {other}"
    assert elide("de {name}", {}) == "de {name}"                    # nothing to look at: unchanged
    assert elide("pomme de {name}", {"name": "Joueur 2"}) == "pomme de {name}"


def test_no_french_text_reads_de_before_a_vowel_once_filled() -> None:
    """Every text of the table, each placeholder filled with a name that begins with a vowel."""
    wrong = re.compile(r"(?<![\w'])(de|que|le) Ordinateur", re.IGNORECASE)
    for key, entry in TABLE.items():
        text = tr(key, "fr", **{f: "Ordinateur A" for f in fields(entry["fr"])})
        assert not wrong.search(text), (key, text)


# -- reasons --------------------------------------------------------------------------------
def reason_keys() -> list[str]:
    """What fills « Fin de partie : {why}. »: how a game ended (``end.*``), and what a forfeit's
    reason (``end.forfeit``: « ... perd par forfait : {why} ») ends with: a program's failure
    (``forfeit.*``) or the rules' refusal (``err.*``)."""
    return sorted(k for k in TABLE if k.startswith(("end.", "forfeit.", "err.")) and k != "forfeit.its_output")


def test_the_result_line_adds_its_own_full_stop() -> None:
    for lang in LANGUAGES:
        assert TABLE["result.reason"][lang].endswith("{why}.")
        assert TABLE["end.forfeit"][lang].endswith("{why}")


@pytest.mark.parametrize("key", reason_keys())
def test_no_reason_ends_with_a_stop_of_its_own(key: str) -> None:
    for lang in LANGUAGES:
        assert TABLE[key][lang].rstrip()[-1] not in ".!?:;…", (key, lang, TABLE[key][lang])


def test_the_queen_result_has_one_full_stop() -> None:
    why = tr("end.wythoff.last_queen", "en", winner="Player 1")
    assert tr("result.reason", "en", why=why) == "End of the game: Player 1 dropped the last queen into the sink."
    why = tr("end.wythoff.last_queen", "fr", winner="Ordinateur")
    assert tr("result.reason", "fr", why=why) == (
        "Fin de partie : Ordinateur a fait tomber la dernière reine dans le puits.")


# -- plurals (« 1 restantes ») ------------------------------------------------------------------------
#: Plural nouns and adjectives that must never follow the number 1.
PLURALS = re.compile(r"(?<![\d,.])\b1 (allumettes|bâtons|coups|pions|reines|objets|cases|positions|graines|"
                     r"restantes|capturées|parties|isolées|possibles|matches|sticks|moves|pawns|queens|objects|"
                     r"cells|seeds|games|plies|heaps|1-heaps)\b")
#: Texts whose number is never 1 (a stack is two pieces or more; counts of more than six queens; « heaps.objs »
#: is the plural of « heaps.objs1 »; an Awélé endgame table holds 12 seeds or more...).
NEVER_ONE = {"heaps.objs", "grid.stacked", "wythoff.stacked", "grid.nimber_counts", "wythoff.grundy_counts", "err.grid.pawns",
             "err.wythoff.queens", "err.matches.length", "lvl.pattern", "lvl.int_list", "text.ask_list",
             "matches.rule", "matches.too_many", "sticks.rule_wins", "sticks.rule_loses", "judge.how_all",
             "judge.how_sampled", "judge.how_random_play", "judge.how_solved", "judge.after_many",
             "judge.progress_games", "judge.levels_note", "tourney.progress", "tourney.interrupted",
             "matches.quotient", "matches.quotient_classes", "matches.lost_quotient", "matches.lost_quotient_classes",
             "awele.tables_shipped", "awele.tables_ready", "awele.tables_building", "awele.tables_missing",
             "awele.tables_unavailable"}
#: Reported to the owners of their table, not this wording pass: Awélé's final count (« 1 restantes »),
#: its hint's search depth (« 1 plies »).
ELSEWHERE = {"awele.final_line", "awele.hint_note"}


def test_the_number_one_takes_the_singular() -> None:
    for key, entry in TABLE.items():
        if key in NEVER_ONE or key in ELSEWHERE:
            continue
        for lang in LANGUAGES:
            text = tr(key, lang, **{f: 1 for f in fields(entry[lang])})
            assert not PLURALS.search(text), (key, lang, text)


@pytest.mark.parametrize("key", sorted(NEVER_ONE - {"matches.quotient", "matches.quotient_classes"}))
def test_what_is_never_one_still_reads_well_with_two(key: str) -> None:
    for lang in LANGUAGES:
        text = tr(key, lang, **{f: 2 for f in fields(TABLE[key][lang])})
        assert not re.search(r"\b2 (allumette|bâton|coup|pion|reine|objet|case|match|stick|move|pawn|queen)\b", text)
