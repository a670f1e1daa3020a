"""The message catalogs (tilegames.i18n): complete, up to date with the code, compiled, used.

A message added to the code with ``_()`` and no translation fails here (run ``make catalogs``,
translate the new entries in each ``.po``, run it again to compile).
"""

from __future__ import annotations

import collections
import gettext
import os
import re
import string
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from tilegames import i18n
from tilegames.errors import IllegalMove, InvalidPosition
from tilegames.i18n import format_number, format_percent, ngettext, set_language, using

ROOT = Path(__file__).resolve().parent.parent
LOCALE = i18n.LOCALE_DIR  # the package's own catalogs: the checkout's, or the installed ones
POT = LOCALE / "tilegames.pot"


def checkout_file(name: str) -> Path:
    """A file of the repository itself (not shipped): the test is skipped where the tests run
    against the installed package (tests/test_install.py copies tests/ alone)."""
    path = ROOT / name
    if not path.exists():
        pytest.skip(f"{name} is the checkout's, not the package's")
    return path


def lesson(name: str) -> Path:
    from tilegames import resources

    return resources.folder("lessons") / f"{name}.ipynb"


TRANSLATED = ("sk", "pt", "ru")


@pytest.fixture(autouse=True)
def _english_after():
    """Each test leaves the language as it found it (the other tests expect English)."""
    before = i18n._current
    yield
    i18n._current = before


def read(path: Path, locale: str | None = None):
    with open(path, "rb") as handle:
        return read_po(handle, locale=locale)


def fields(text: str) -> set[str]:
    """The ``{placeholders}`` of a brace-format message."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def messages(catalog) -> list:
    return [message for message in catalog if message.id]


# -- the catalogs are complete ------------------------------------------------------------------
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    template = {message.id for message in messages(read(POT))}
    catalog = read(LOCALE / lang / "LC_MESSAGES" / "tilegames.po", lang)
    ids = {message.id for message in messages(catalog)}
    assert template - ids == set(), f"{lang}: not in the .po (run make catalogs)"
    problems = []
    for message in messages(catalog):
        if message.id not in template:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        if not all(strings):
            problems.append(f"untranslated: {message.id!r}")
        if isinstance(message.id, tuple) and len(strings) != catalog.num_plurals:
            problems.append(f"{len(strings)} plural forms, not {catalog.num_plurals}: {message.id}")
        wanted = (
            set().union(*(fields(i) for i in message.id))
            if isinstance(message.id, tuple)
            else fields(message.id)
        )
        for text in strings:
            if text and fields(text) != wanted:
                problems.append(f"placeholders {fields(text)} for {wanted}: {text!r}")
    assert problems == [], f"{lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_are_the_languages_own(lang):
    catalog = read(LOCALE / lang / "LC_MESSAGES" / "tilegames.po", lang)
    assert catalog.num_plurals == {"sk": 3, "pt": 2, "ru": 3}[lang]


def test_the_template_is_up_to_date_with_the_code(tmp_path):
    """Re-extract the messages from the code: the committed .pot holds exactly these."""
    fresh = tmp_path / "fresh.pot"
    config = checkout_file("babel.cfg")
    CommandLineInterface().run(
        ["pybabel", "-q", "extract", "-F", str(config), "-o", str(fresh), str(ROOT)]
    )
    in_code = {message.id for message in messages(read(fresh))}
    committed = {message.id for message in messages(read(POT))}
    assert in_code - committed == set(), "new messages in the code: run make catalogs"
    assert committed - in_code == set(), "messages no longer in the code: run make catalogs"
    assert any("Tula" in str(message_id) for message_id in in_code)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_matches_its_source(lang):
    """The committed .mo (what the wheel ships and ``_()`` reads) says what the .po says."""
    folder = LOCALE / lang / "LC_MESSAGES"
    with open(folder / "tilegames.mo", "rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    catalog = read(folder / "tilegames.po", lang)
    plural = gettext.c2py(catalog.plural_expr)  # the .po's own Plural-Forms
    stale = []
    for message in messages(catalog):
        if isinstance(message.id, tuple):
            for n in (1, 2, 5, 21):
                expected = message.string[plural(n)]
                if compiled.ngettext(message.id[0], message.id[1], n) != expected:
                    stale.append(message.id[0])
        elif compiled.gettext(message.id) != message.string:
            stale.append(message.id)
    assert stale == [], f"{lang}: the .mo is stale (run make catalogs): {stale[:5]}"


# -- choosing the language ----------------------------------------------------------------------
def test_the_default_comes_from_the_locale_and_falls_back_to_english():
    assert i18n.default_language({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert i18n.default_language({"LC_ALL": "pt_PT.UTF-8", "LANG": "sk_SK.UTF-8"}) == "pt"
    assert i18n.default_language({"LANG": "fr_FR.UTF-8"}) == "en"
    assert i18n.default_language({}) == "en"
    assert i18n.default_language({"TILEGAMES_LANG": "sk", "LANG": "ru_RU.UTF-8"}) == "sk"


def test_set_language_accepts_locale_names_and_refuses_unknown_ones():
    assert set_language("pt_PT.UTF-8") == "pt" and i18n.language() == "pt"
    assert set_language("sk-SK") == "sk"
    with pytest.raises(ValueError, match="choose one of en, sk, pt, ru"):
        set_language("de")
    assert i18n.language() == "sk"  # a refused choice changes nothing


def test_a_refused_tula_move_is_said_in_the_language_chosen():
    from tilegames.tula import new_game

    game = new_game(seed=1)
    set_language("sk")
    with pytest.raises(IllegalMove) as refused:
        game.play("reveal 1J")
    assert str(refused.value) == "dlaždica na 1J leží pod 2D, 2E a 2G"
    assert game.history == []
    set_language("ru")
    assert game.why_illegal("remove 2E") == "плитка на 2E закрыта и лежит под 3A, 3B и 3C"
    set_language("pt")
    assert game.status() == "1 na pilha; 3 para virar"
    set_language("en")  # English, the source, is unchanged
    assert game.why_illegal("reveal 1J") == "1J is covered by 2D, 2E and 2G"
    assert game.status() == "1 on the stack; 3 to reveal"


@pytest.mark.parametrize(
    ("lang", "undo", "hint", "refusal"),
    [
        ("en", "Undo", "Hint", "Refused: 1J is covered by 2D, 2E and 2G"),
        ("sk", "Späť", "Rada", "Nedá sa: dlaždica na 1J leží pod 2D, 2E a 2G"),
        ("pt", "Anular", "Dica", "Recusado: a peça em 1J está tapada por 2D, 2E e 2G"),
        ("ru", "Отменить", "Подсказка", "Нельзя: плитка на 1J лежит под 2D, 2E и 2G"),
    ],
)
def test_the_tula_board_speaks_the_language(lang, undo, hint, refusal):
    from tilegames.tula import new_game
    from tilegames.tula.board import view

    with using(lang):
        board = view(new_game(seed=1))
        assert board.undo_button.description == undo
        assert board.hint_button.description == hint
        board.board.click("1J")
        assert board.messages[0][1] == refusal
        assert board.board.announcement.startswith(refusal)
        assert (
            board.board.labels["text_view"]
            == {
                "en": "Text view",
                "sk": "Textový pohľad",
                "pt": "Vista de texto",
                "ru": "Текстом",
            }[lang]
        )
        board.board.click("3A")
        assert board.game.history  # the click played
        if lang != "en":
            assert "Tula: 1 on the stack" not in board.text_view()


def test_the_tula_board_s_screen_reader_names_are_translated_and_mean_the_same():
    """The accessible names come from the catalogs, and what the board's keys read from them
    (a tile under others is passed over) is the same in every language."""
    from tilegames.tula import new_game
    from tilegames.tula.render import svg, target_label

    game = new_game(seed=7)
    english = svg(game)
    with using("sk"):
        assert target_label(game, "2E") == "2E, lícom nadol, leží pod 3A, 3B a 3C"
        assert target_label(game, "3A") == "3A, lícom nadol, dá sa otočiť"
        slovak = svg(game)
    with using("ru"):
        assert target_label(game, "2E") == "2E, закрыта, лежит под 3A, 3B и 3C"
        assert 'aria-label="стопка: 1 плитка' in svg(game)
    assert slovak.count('data-covered="true"') == english.count('data-covered="true"') > 0
    assert "dá sa otočiť" in slovak and "can be revealed" not in slovak


def test_maze_refusals_and_its_board_use_the_slovak_guide_s_words():
    """Maze came from the Slovak AisleRiot guide: napravo od, alebo (docs/glossary.md)."""
    from tilegames.maze import new_game
    from tilegames.maze.board import view

    game = new_game(seed=1)
    with using("sk"):
        assert game.why_illegal("7D -> 0") == (
            "7♦ môže ísť len do medzery napravo od 6♦ alebo naľavo od 8♦; "
            "naľavo od políčka 0 je okraj (je to prvé políčko) a napravo medzera"
        )
        assert game.status() == "skóre 2 z 48 za 0 ťahov"
        table = view(new_game(seed=1))
        assert table.solve_button.description == "Vyriešiť"
        table.board.click("slot:4")
        table.board.click("slot:0")
        assert table.messages[0][1].startswith("Nedá sa: 8♠ môže ísť len do medzery napravo od 7♠")
        assert "káro 6 na políčku 3" in table.board.svg
    with using("ru"):
        assert game.status() == "счёт 2 из 48 за 0 ходов"
    with using("en"):
        assert game.why_illegal("7D -> 0").startswith("7♦ may go only into a gap right of 6♦")


def test_flaming_pyramids_refusals_in_the_russian_help_s_words():
    from tilegames.pyramids import new_game

    game = new_game(seed=1)
    with using("ru"):
        assert game.status() == "ход 1: игрок 0 кладёт плитку"
        assert game.why_illegal("fall left") == (
            "ничего не падает: игрок 0 должен положить плитку из руки"
        )
        with pytest.raises(IllegalMove, match="плитки yellow 20 нет в руке игрока 0"):
            game.play("yellow 20 @ 5,3")
    assert game.why_illegal("yellow 20 @ 5,3") == "yellow 20 is not in player 0's hand"


def test_the_flaming_pyramids_board_speaks_russian():
    from tilegames.pyramids import new_game
    from tilegames.pyramids.board import view

    with using("ru"):
        board = view(new_game(seed=3, players=2))
        assert board.next_button.description == "Дальше"
        assert board.status.value.count("Твой ход (игрок 0, ход ") == 1
        board.board.click("spot:0,0")
        assert board.messages[0][1] == "Сначала нажми на плитку в руке, а потом на место."


def test_tri_ominos_refusals_in_the_portuguese_rules_words():
    """o poço, passar a vez, a ronda: the seed's words (docs/glossary.md)."""
    from tilegames.triominos import new_game

    game = new_game(seed=1)
    with using("pt"):
        assert game.status() == "joga o jogador 1 (3 maneiras de pôr uma peça); poço: 38"
        assert game.why_illegal("draw") == "podes pôr uma peça, por isso não podes tirar do poço"
        assert game.why_illegal("pass") == "podes pôr uma peça, por isso não podes passar a vez"
    assert game.status() == "player 1 to play (3 placements); pool 38"


def test_the_tri_ominos_board_speaks_portuguese():
    from tilegames.triominos import new_game
    from tilegames.triominos.board import view

    with using("pt"):
        board = view(new_game(seed=1))
        assert board.draw_button.description == "Tirar"
        assert board.pass_button.description == "Passar"
        board.place_at((0, 0))
        assert board.messages[0][1].startswith(("Primeiro escolhe", "É a vez do P"))


# -- numbers and plurals -------------------------------------------------------------------------
def test_numbers_are_written_as_each_language_writes_them():
    expected = {
        "en": ("0.25", "1,234.5", "50%", "12.5%"),
        "sk": ("0,25", "1\xa0234,5", "50\xa0%", "12,5\xa0%"),
        "pt": ("0,25", "1\xa0234,5", "50%", "12,5%"),
        "ru": ("0,25", "1\xa0234,5", "50\xa0%", "12,5\xa0%"),
    }
    for lang, (quarter, thousands, half, eighth) in expected.items():
        with using(lang):
            assert format_number(0.25, 2) == quarter
            assert format_number(1234.5, 1) == thousands
            assert format_percent(0.5) == half
            assert format_percent(0.125, 1) == eighth
    for lang in TRANSLATED:  # the decimal comma where the language uses it
        with using(lang):
            assert "," in format_number(0.5, 1) and "." not in format_number(0.5, 1)


def test_russian_and_slovak_have_three_plural_forms():
    from tilegames.words import duration, plural

    with using("ru"):
        assert [plural(n, "tile") for n in (1, 2, 5, 11, 21, 22)] == [
            "1 плитка",
            "2 плитки",
            "5 плиток",
            "11 плиток",
            "21 плитка",
            "22 плитки",
        ]
        assert ngettext("{n} move", "{n} moves", 3).format(n=3) == "3 хода"
        assert duration(90) == "2 минуты"
    with using("sk"):
        assert [plural(n, "minute") for n in (1, 3, 5)] == ["1 minúta", "3 minúty", "5 minút"]
    with using("pt"):
        assert [plural(n, "tile") for n in (1, 2)] == ["1 peça", "2 peças"]
        assert duration(9000) == "2,5 horas"
    with using("en"):
        assert plural(2, "tile") == "2 tiles" and duration(9000) == "2.5 hours"


def test_the_wheel_ships_the_compiled_catalogs():
    """pyproject's package data names the .mo files (tests/test_install.py builds the wheel)."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    data = tomllib.loads(checkout_file("pyproject.toml").read_text())
    globs = data["tool"]["setuptools"]["package-data"]["tilegames"]
    shipped = {path for glob in globs for path in (ROOT / "tilegames").glob(glob)}
    for lang in TRANSLATED:
        assert LOCALE / lang / "LC_MESSAGES" / "tilegames.mo" in shipped


# -- the command line ---------------------------------------------------------------------------
def test_play_writes_the_page_in_the_language_asked_for():
    from tilegames.cli.play import play_notebook

    page = play_notebook("tula", seed=3, lang="ru")
    assert page.cells[0].source.startswith("# Tula\n\nНажми на часть поля")
    assert page.cells[-1].source == (
        "from tilegames import i18n, tula\n\ni18n.set_language('ru')\ntula.view(seed=3)"
    )
    with using("en"):
        english = play_notebook("tula", seed=3)
    assert english.cells[-1].source == "from tilegames import tula\n\ntula.view(seed=3)"
    assert "Click a piece of the board" in english.cells[0].source


def test_the_lang_options_exist_and_refuse_an_unknown_language(capsys):
    from tilegames.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["play", "--lang", "de", "--no-browser"])
    assert stopped.value.code == 2
    assert "invalid choice: 'de'" in capsys.readouterr().err


def test_lessons_in_slovak_translate_the_lessons_that_have_a_catalog(tmp_path, capsys):
    import nbformat

    from tilegames.cli import main

    assert main(["lessons", str(tmp_path / "sk"), "--lang", "sk"]) == 0
    said = capsys.readouterr().out
    assert (
        "slovenčina: preložené sú všetky lekcie (7)" in said
    )  # --lang sk: the command's words too
    assert "otvor " in said and " v JupyterLabe a začni lekciou 01_tula_rules.ipynb" in said
    lesson = nbformat.read(tmp_path / "sk" / "notebooks" / "01_tula_rules.ipynb", as_version=4)
    nbformat.validate(lesson)
    assert lesson.cells[0].source.startswith("# Tula — pravidlá v obrázkoch")
    assert 'tilegames.i18n.set_language("sk")' in lesson.cells[1].source.replace("'", '"')
    assert all(not cell.get("outputs") for cell in lesson.cells if cell.cell_type == "code")
    other = nbformat.read(tmp_path / "sk" / "notebooks" / "02_tula_mercy.ipynb", as_version=4)
    assert 'set_language("sk")' in other.cells[1].source.replace("'", '"')


# -- the command line ----------------------------------------------------------------------------
def cli_help(capsys, words: list[str]) -> str:
    from tilegames.cli import main

    with pytest.raises(SystemExit) as done:
        main([*words, "--help"])
    assert done.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # argparse wraps lines at the terminal width


def test_simulate_help_speaks_the_locale_s_language(capsys, monkeypatch):
    monkeypatch.setenv("TILEGAMES_LANG", "sk")
    monkeypatch.setattr(i18n, "_current", None)  # read the environment again, as a new process
    said = cli_help(capsys, ["simulate", "tula"])
    assert "Rozdá veľa hier Tula so semienkom; každý zvolený hráč odohrá každé rozdanie" in said
    assert "počet rozdaní (predvolene 10000)" in said  # a study's option
    assert "semienko celého behu (predvolene 1)" in said  # the options every game shares
    assert "pomenovaná sada pravidiel: standard, with_mercy" in said  # the rules' options
    assert "mercy (true alebo false): Dovolí jedinú výmenu dlaždice z kôpky" in said  # its doc
    assert "zobrazí túto pomoc a skončí" in said  # argparse's own words: the catalogs' too
    assert said.startswith("použitie: tilegames simulate tula")
    assert "voľby:" in said or "voliteľné argumenty:" in said  # Python 3.11's heading, or 3.10's
    monkeypatch.setenv("TILEGAMES_LANG", "ru")
    monkeypatch.setattr(i18n, "_current", None)
    said = cli_help(capsys, ["simulate"])
    assert "сыграть много партий с сидом и подвести итоги" in cli_help(capsys, [])
    assert "Flaming Pyramids: построй пирамиду из соломы, дерева и камня" in said


def test_help_of_a_command_with_lang_speaks_it(capsys):
    said = cli_help(capsys, ["play", "--lang", "pt"])
    assert "Abre uma página web só com o tabuleiro de GAME: sem código, nada para correr." in said
    assert "a porta da página (por omissão 8866)" in said
    assert "a língua do tabuleiro: en (English), sk (slovenčina)" in said
    assert "por omissão: inglês" in said
    said = cli_help(capsys, ["lessons", "--lang=ru"])
    assert "заменить файлы, которые ты изменил" in said
    said = cli_help(capsys, ["simulate", "triominos"])  # and English stays English
    assert "summarise their scores with 95% confidence intervals." in said


def test_the_commands_refusals_and_reports_are_translated(capsys, monkeypatch, tmp_path):
    from tilegames.cli import main
    from tilegames.cli.setup_folders import Report

    with using("ru"):
        with pytest.raises(SystemExit):
            main(["simulate", "tula", "--workers", "1000"])
        assert "не больше 256 рабочих процессов, а не 1000" in capsys.readouterr().err
        report = Report(tmp_path, written=["a.ipynb"], skipped=["b.ipynb", "c.ipynb"])
        lines = report.lines()
        assert lines[0].split() == ["записан", "a.ipynb"]
        assert lines[1].startswith("пропущен ") and "(изменён после записи; --force" in lines[1]
        assert lines[-1] == f"{tmp_path}: 1 записан, 2 пропущено"
    assert main(["play", "tula", "--hot-seat", "3", "--lang", "sk"]) == 2  # --lang: its words
    assert "Tula sa hrá osamote; viacerí ľudia pri jednej obrazovke hrajú" in (
        capsys.readouterr().err
    )
    with using("pt"):
        lines = Report(tmp_path, updated=["x"], unchanged=["y"] * 5).lines()
        assert lines[0].split() == ["atualizado", "x", "(um", "tilegames", "mais", "recente",
                                    "traz", "uma", "nova", "versão)"]  # fmt: skip
        assert lines[-1] == f"{tmp_path}: 1 atualizado, 5 inalterados"
    assert Report(tmp_path, written=["a"]).lines()[0] == "wrote      a"  # English as it was


def test_an_option_s_check_and_the_written_rows_in_slovak(capsys, monkeypatch, tmp_path):
    from tilegames.cli import _count
    from tilegames.study_options import Option

    option = Option("--samples", "", type=int, valid=lambda value: value >= 1, must="be at least 1")
    with using("sk"):
        assert option.problem(0) == "--samples musí byť aspoň 1, nie 0"
        assert _count(1000) == "1\xa0000"
    assert option.problem(0) == "--samples must be at least 1, not 0"


def test_a_flaming_pyramids_mayhem_event_in_russian():
    from tilegames.pyramids.rules import Game

    def collapse() -> str:
        game = Game.from_position(
            {(0, 0): "yellow 2", (0, 2): "green 4"}, hands=[["red burner"], ["blue 2"]]
        )
        game.play("red burner @ 1,1")  # 7 > 2 + 4, no colour or weight in common: mayhem
        return game.mayhem_text()

    with using("ru"):
        said = collapse()
    assert said.splitlines() == [
        "ход 1, игрок 0: red burner положена на (1,1): она нарушает правила постройки",
        "обрушение: red burner на (1,1) нарушает правила постройки на yellow 2 и green 4; "
        "yellow 2 (0,0) и green 4 (0,2) уходят под личную колоду игрока 0",
    ]  # the tiles and positions as the notation writes them
    assert collapse().startswith("turn 1, player 0: placed red burner at (1,1)")


def test_the_pyramids_picture_s_screen_reader_names_in_slovak():
    from tilegames.pyramids.render import spot_label, tile_words
    from tilegames.pyramids.tiles import key, tile_id

    below = {key(0, 0): tile_id("red 100"), key(0, 2): tile_id("blue 60")}
    with using("sk"):
        assert tile_words(tile_id("millstone")) == (
            "millstone: žltá, červená, zelená a modrá, kameň, váha 200"
        )
        assert spot_label(below, 1, 1, tile_id("millstone")) == (
            "prázdne miesto v rade 1, pozícia 1, na red 100 a blue 60: "
            "millstone tu poruší pravidlá stavby (chaos)"
        )


def test_tri_ominos_hints_points_and_misfits_in_portuguese():
    from tilegames.triominos import Game
    from tilegames.triominos.board import misfit_words, turn_words, view
    from tilegames.triominos.render import cell_words

    game = Game.from_deal([["5-5-5", "0-0-1"], ["4-5-5", "3-5-5", "0-1-2"]], seed=1)
    game.play("5-5-5 @ 0,0 r0")
    with using("pt"):
        assert turn_words(1) == "rodada uma vez (r1)" and cell_words((2, 5)) == "fila 2, coluna 5"
        assert misfit_words(game, (4, 5, 5), (0, 1), 0) == (
            "4-5-5 sem rodar (r0) põe 4 no seu vértice de cima à esquerda, "
            "onde 5-5-5 (fila 0, coluna 0) mostra 5"
        )
        board = view(game, you=1)
        board.hint()
        assert board.messages[0][1].startswith("Dica: ")
        assert "(contornada a azul)" in board.messages[0][1]
        assert "<th>jogada</th>" in board.scores_table.value
    assert misfit_words(game, (4, 5, 5), (0, 1), 0).startswith("4-5-5 not turned (r0) puts 4")


def test_a_chart_s_title_and_axes_in_russian():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from tilegames.triominos.findings import plot_tile_values

    with using("ru"):
        figure = plot_tile_values()
    ax = figure.axes[0]
    assert ax.get_title() == "56 плиток по значению"
    assert (ax.get_xlabel(), ax.get_ylabel()) == (
        "значение плитки (сумма её чисел)",
        "число плиток",
    )
    plt.close(figure)
    figure = plot_tile_values()
    assert figure.axes[0].get_title() == "The 56 tiles by value"
    plt.close(figure)


# -- the rules cards -----------------------------------------------------------------------------
def make_cards_module():
    import importlib.util

    path = checkout_file("scripts/make_cards.py")
    spec = importlib.util.spec_from_file_location("make_cards", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_rules_card_in_portuguese_is_drawn_from_the_catalog_and_committed():
    cards = make_cards_module()
    with using("pt"):
        text = cards.tula_card()
    assert '<html lang="pt">' in text and "<title>Tula — cartão de regras</title>" in text
    assert "<h2>Preparação</h2>" in text and "<h2>Notação</h2>" in text
    assert "Baralha as 24 peças viradas para baixo no templo de quatro camadas" in text
    assert "<code>remove 3B</code> — põe-na na pilha (tem de combinar com a do topo)" in text
    assert "Vira</b>" in text and "Retira</b>" in text  # the glossary's virar, retirar
    assert "(true ou false, normalmente <code>false</code>): Permite a única troca" in text
    committed = ROOT / "docs" / "cards" / "pt" / "tula.html"
    assert committed.read_text(encoding="utf-8") == text  # python scripts/make_cards.py
    with using("ru"):
        assert "<h2>Запись ходов</h2>" in cards.pyramids_card()
    assert "<h2>Notation</h2>" in cards.tula_card()  # and English is English


@pytest.mark.parametrize("lang", ["sk", "pt", "ru"])
def test_a_translated_lesson_names_a_column_as_its_table_shows_it(lang):
    """Where a lesson's prose points at a column in italics (*round win rate*), the translation
    names it as the translated table heads it (``tables.heading``), not by its English name,
    which the student never sees there."""
    from tilegames import tables

    italic = re.compile(r"(?<![*\w])\*([^*\n]+)\*(?![*\w])")
    english_names = []
    with using(lang):
        for path in lesson_catalogs():
            if path.parent.parent.name != lang:
                continue
            for m in messages(read(path, lang)):
                if m.context or not m.string:
                    continue
                for name in italic.findall(m.string):
                    if name in tables.HEADINGS and tables.heading(name) != name:
                        english_names.append(
                            f"{path.stem}: *{name}* (shown: {tables.heading(name)})"
                        )
    assert english_names == []


BUILT_IN_GAMES = ("tula", "maze", "triominos", "pyramids")


def test_every_committed_rules_card_is_the_one_the_catalogs_draw_now(tmp_path):
    """A fixed translation reaches the printed cards: each committed card, in every language,
    is what ``scripts/make_cards.py`` draws from today's catalogs (a Slovak Maze card once kept
    a corrected rule backwards, and its picture's legend in English)."""
    from tilegames.i18n import LANGUAGES

    cards = make_cards_module()
    stale = []
    for lang in LANGUAGES:
        with using(lang):
            names = cards.make_cards(tmp_path / lang)
        committed = ROOT / "docs" / "cards" / ("" if lang == "en" else lang)
        for name in BUILT_IN_GAMES:  # (a test may have registered a game of its own)
            drawn = (tmp_path / lang / f"{name}.html").read_text(encoding="utf-8")
            if (committed / f"{name}.html").read_text(encoding="utf-8") != drawn:
                stale.append(f"{lang}/{name}")
    assert set(BUILT_IN_GAMES) <= set(names)
    assert stale == [], f"run python scripts/make_cards.py: {stale}"


def test_lessons_with_lang_lay_out_that_language_s_cards(tmp_path, capsys):
    from tilegames.cli.setup_folders import lessons_files

    english = lessons_files()
    assert "cards/tula.html" in english and not any(n.startswith("cards/sk/") for n in english)
    slovak = lessons_files(lang="sk")
    assert set(slovak) == set(english)
    assert "<h2>Príprava</h2>" in slovak["cards/maze.html"].decode("utf-8")
    assert slovak["notebooks/01_tula_rules.ipynb"] == english["notebooks/01_tula_rules.ipynb"]


def assert_catalog_is_current(path, name: str, cells: list[str], catalog) -> None:
    """The catalog at ``path`` holds exactly the English notebook ``name``'s ``cells`` (none
    stale, none missing), each translated and none fuzzy."""
    stale, missing = stale_and_missing(cells, catalog)
    assert stale == [], f"{path.name}: translations of cells no longer in {name}: {stale}"
    assert missing == [], f"{path.name}: cells of {name} not in the catalog: {missing}"
    untranslated = [m.id[:60] for m in messages(catalog) if not m.string or m.fuzzy]
    assert untranslated == [], f"{path.name}: untranslated or fuzzy: {untranslated}"


def stale_and_missing(cells: list[str], catalog) -> tuple[list[str], list[str]]:
    """The catalog's translations of cells the English notebook no longer has (stale), and the
    notebook's cells the catalog has no entry for (missing)."""
    ids = [message.id for message in messages(catalog)]
    return [i[:60] for i in ids if i not in cells], [c[:60] for c in cells if c not in ids]


# -- the lessons' catalogs ----------------------------------------------------------------------
def lesson_catalogs():
    return sorted(LOCALE.glob("*/LC_MESSAGES/lesson-*.po"))


def test_there_are_lesson_catalogs_for_lesson_01_in_every_language():
    found = {(p.parent.parent.name, p.stem) for p in lesson_catalogs()}
    assert {(lang, "lesson-01_tula_rules") for lang in TRANSLATED} <= found


@pytest.mark.parametrize(
    "path", lesson_catalogs(), ids=lambda p: f"{p.parent.parent.name}-{p.stem}"
)
def test_a_translated_lesson_is_complete_and_not_stale(path):
    """Each markdown cell of the English lesson has a translation, and every translation is of a
    cell the lesson still has: an edited English cell makes its translation stale (run
    scripts/lesson_catalogs.py, then translate the cell again)."""
    import nbformat

    from tilegames.lesson_i18n import code_messages, markdown_cells, translate_notebook

    name = path.stem[len("lesson-") :]
    lang = path.parent.parent.name
    english = nbformat.read(lesson(name), as_version=4)
    entries = markdown_cells(english) + code_messages(english)
    assert_catalog_is_current(path, name, entries, read(path, lang))
    translated, left = translate_notebook(english, name, lang)  # the committed .mo is current
    assert left == 0
    assert len(translated.cells) == len(english.cells) + 1
    changed_code = 0
    for before, after in zip(english.cells, translated.cells[:1] + translated.cells[2:]):
        assert before.cell_type == after.cell_type
        if before.cell_type == "code":  # the same code but for what it shows: the same numbers
            assert _code_but_shown_words(after.source) == _code_but_shown_words(before.source)
            changed_code += before.source != after.source
    assert changed_code > 0 or not code_messages(english)


def _code_but_shown_words(source: str) -> list[str]:
    """A code cell with each literal it shows (``shown_literals``) cut out: what a translation
    must leave as it is, to the byte."""
    from tilegames.lesson_i18n import shown_literals

    pieces, at = [], 0
    for start, end, _text in shown_literals(source):
        pieces.append(source[at:start])
        at = end
    return [*pieces, source[at:]]


@pytest.mark.parametrize(
    "path", lesson_catalogs(), ids=lambda p: f"{p.parent.parent.name}-{p.stem}"
)
def test_the_sentences_a_lesson_s_code_shows_are_translated_as_python_strings(path):
    """Each literal a lesson's code shows is translated as one Python string with the English
    one's ``{…}`` fields (a field that only picks an English plural ending may go), and the
    words around the fields are the language's, not English ones left as they were."""
    from tilegames.lesson_i18n import CODE_CONTEXT, literal_problem

    lang = path.parent.parent.name
    found = [m for m in messages(read(path, lang)) if m.context == CODE_CONTEXT]
    problems = [(m.id[:60], literal_problem(m.id, m.string)) for m in found if m.string]
    assert [problem for problem in problems if problem[1]] == []
    # (a field's expression is code, not words: a formula with ``{lost}`` in it has none)
    unchanged = [
        m.id[:60]
        for m in found
        if m.string == m.id and ENGLISH.search(re.sub(r"\{[^{}]*\}", " ", m.id))
    ]
    assert unchanged == [], f"{path.name}: left in English: {unchanged}"


def test_a_lesson_s_shown_literals_are_found_and_a_broken_translation_stays_english():
    from tilegames.lesson_i18n import CODE_CONTEXT, shown_literals, translate_code

    cell = (
        'rules = "with mercy" if mercy else "without mercy"\n'
        'wins["with mercy"] = 3\n'
        'print(f"{n:,} deals, {rules}", "won:", sep=" ")\n'
        'chart(rows, title="Win rates", xlabel="deals")\n'
        'for move in ("reveal 1J", "mercy"):\n'
        '    print(f"{move} refused")\n'
        "    game.play(move)\n"
        'ax.set_title("Score")\n'
        'show(pictures, captions=["before: " + str(move), "after"])\n'
        'print("spots:", " and ".join(spots), "" + " 1")\n'
    )
    found = [text for _start, _end, text in shown_literals(cell)]
    assert found == [
        '"with mercy"',
        '"without mercy"',
        'f"{n:,} deals, {rules}"',
        '"won:"',
        '"Win rates"',
        '"deals"',
        'f"{move} refused"',  # not the moves: the code plays them
        '"Score"',
        '"before: "',
        '"after"',
        '"spots:"',
        '" and "',
    ]

    class Catalog:
        def __init__(self, words):
            self.words = words

        def pgettext(self, context, message):
            assert context == CODE_CONTEXT
            return self.words.get(message, message)

    words = {
        '"with mercy"': '"s milosťou"',
        'f"{n:,} deals, {rules}"': 'f"{n} rozdaní, {rules}"',  # a field changed: refused
        '"won:"': '"vyhraté:',  # not a Python string: refused
        '"Win rates"': '"Podiel výhier"',
    }
    translated, missing = translate_code(cell, Catalog(words))
    assert missing == 10  # 8 with no translation here, 2 refused
    assert 'rules = "s milosťou" if mercy else "without mercy"' in translated
    assert 'wins["with mercy"] = 3' in translated
    assert 'print(f"{n:,} deals, {rules}", "won:", sep=" ")' in translated
    assert 'title="Podiel výhier"' in translated
    words['f"{move} refused"'] = 'f"{move}: nedá sa ({0.25:.0%} ťahov)"'  # a field the
    translated, _missing = translate_code(cell, Catalog(words))  # English has not: refused
    assert 'print(f"{move} refused")' in translated
    words['"won:"'] = 'f"vyhraté ({len(won):,}):"'  # a new field: refused
    words['"Score"'] = '"Skóre"'
    words['f"{n:,} deals, {rules}"'] = 'f"rozdaní: {n:,}, {rules}"'
    translated, missing = translate_code(cell, Catalog(words))
    assert missing == 8
    assert 'print(f"rozdaní: {tilegames.i18n.formatted(n, \',\')}, {rules}", "won:"' in translated
    assert 'ax.set_title("Skóre")' in translated
    compile(translated, "cell", "exec")


def _what_must_not_change(cell: str) -> dict[str, collections.Counter]:
    """The parts of a lesson's cell a translation keeps as they are: code a student types
    (backtick spans), link and picture targets, formulas, every run of digits, heading levels."""
    return {
        "code": collections.Counter(re.findall(r"`[^`]+`", cell)),
        "links": collections.Counter(re.findall(r"\]\(([^)]*)\)", cell)),
        "formulas": collections.Counter(re.findall(r"\$[^$]+\$", cell)),
        "digits": collections.Counter(re.findall(r"\d+", re.sub(r"`[^`]+`|\$[^$]+\$", "", cell))),
        "headings": collections.Counter(re.findall(r"^#+ ", cell, flags=re.MULTILINE)),
    }


def _outside_fields(literal: str) -> str:
    """A string literal the code shows without its ``{…}`` fields."""
    while (shorter := re.sub(r"\{[^{}]*\}", "", literal)) != literal:
        literal = shorter
    return literal


def course_catalogs():
    return sorted(LOCALE.glob("*/LC_MESSAGES/course-*.po"))


@pytest.mark.parametrize(
    "path", lesson_catalogs() + course_catalogs(), ids=lambda p: f"{p.parent.parent.name}-{p.stem}"
)
def test_a_translated_lesson_keeps_its_code_links_formulas_and_numbers(path):
    """A translation changes the words only: every piece of code a student types, link
    target, formula and number of the English cell is in it, and its headings are the English
    cell's (a translator may add an example, as "in the program, tiles have English names,
    such as `5 Moons`"). The same for the course's assignments (``course-*.po``), and for the
    sentences a lesson's code shows, outside their ``{…}`` fields (the next test checks those)."""
    from tilegames.lesson_i18n import CODE_CONTEXT

    catalog = read(path, path.parent.parent.name)
    changed = []
    for message in messages(catalog):
        kept = _outside_fields if message.context == CODE_CONTEXT else str
        english, translated = (
            _what_must_not_change(kept(message.id)),
            _what_must_not_change(kept(message.string)),
        )
        lost = {part: sorted(kept - translated[part]) for part, kept in english.items()}
        changed += [(message.id[:50], part, what) for part, what in lost.items() if what]
        if translated["headings"] != english["headings"]:
            changed.append((message.id[:50], "headings", translated["headings"]))
    assert changed == [], f"{path}: {changed}"


# -- the course's catalogs (tilegames.course_i18n) ------------------------------------------------
COURSE_LANGUAGES: tuple[str, ...] = TRANSLATED
"""The languages the course is translated into (each assignment has a catalog in each)."""


def assignment_names() -> list[str]:
    from tilegames import resources

    return sorted({name.split("/")[0] for name in resources.names("release")})


def students_copy(name: str) -> Path:
    from tilegames import resources

    return resources.folder("release") / name / f"{name}.ipynb"


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_every_assignment_has_a_catalog_in_every_language_of_the_course(lang):
    names = assignment_names()
    assert len(names) == 7
    found = {p.stem for p in course_catalogs() if p.parent.parent.name == lang}
    assert {f"course-{name}" for name in names} - found == set()


@pytest.mark.parametrize(
    "path", course_catalogs(), ids=lambda p: f"{p.parent.parent.name}-{p.stem}"
)
def test_a_translated_assignment_is_complete_and_not_stale(path):
    """Each markdown cell a student reads in the assignment has a translation, and every
    translation is of a cell the students' copy still has (an edited English cell makes its
    translation stale: run scripts/lesson_catalogs.py, then translate the cell again); the
    translated copy differs from the English one in those cells' text alone, and in the
    comments a student reads in the code cells nbgrader does not manage."""
    import nbformat

    from tilegames.course_i18n import (
        markdown_cells,
        translatable,
        translate_assignment,
        translate_comments,
    )

    name = path.stem[len("course-") :]
    lang = path.parent.parent.name
    english = nbformat.read(students_copy(name), as_version=4)
    assert_catalog_is_current(path, name, markdown_cells(english), read(path, lang))
    translated, left = translate_assignment(english, name, lang)  # the committed .mo is current
    assert left == 0
    assert translated.metadata == english.metadata
    assert len(translated.cells) == len(english.cells)
    for before, after in zip(english.cells, translated.cells):
        if translatable(before):
            assert after.source != before.source
            assert {**after, "source": ""} == {**before, "source": ""}
        elif before.cell_type == "code" and "nbgrader" not in before.metadata:
            assert after == {**before, "source": translate_comments(before.source, lang)}
        else:
            assert after == before  # nbgrader's cells and their checksums: the same


@pytest.mark.parametrize("lang", COURSE_LANGUAGES[:1])
def test_an_edited_english_cell_makes_its_translation_stale(lang):
    """The check above, on an English cell changed after it was translated: the old
    translation is stale, the new cell missing, and the copy keeps that cell in English."""
    import nbformat

    from tilegames.course_i18n import markdown_cells, translatable, translate_assignment

    english = nbformat.read(students_copy("w1_tula"), as_version=4)
    catalog = read(LOCALE / lang / "LC_MESSAGES" / "course-w1_tula.po", lang)
    assert stale_and_missing(markdown_cells(english), catalog) == ([], [])
    cell = next(c for c in english.cells if translatable(c))
    old = cell.source
    cell.source = old.replace("Tula", "Tula (edited)", 1)
    assert stale_and_missing(markdown_cells(english), catalog) == ([old[:60]], [cell.source[:60]])
    translated, left = translate_assignment(english, "w1_tula", lang)
    assert left == 1 and translated.cells[english.cells.index(cell)].source == cell.source


def test_no_solution_is_ever_in_a_course_catalog():
    """Only the markdown a student reads is translated: nbgrader's answer cells (a model answer
    in the teacher's source) are in no catalog, and the source's other markdown cells are the
    students' copy's, so translating the source (``tilegames course --lang``) uses the same
    entries."""
    import nbformat

    from tilegames.course_i18n import markdown_cells, translatable

    entries = set()
    for path in course_catalogs() or [LOCALE / "none.po"]:
        if path.exists():
            entries |= {message.id for message in messages(read(path, path.parent.parent.name))}
    for name in assignment_names():
        source = nbformat.read(checkout_file(f"exercises/source/{name}/{name}.ipynb"), as_version=4)
        release = nbformat.read(students_copy(name), as_version=4)
        assert markdown_cells(source) == markdown_cells(release), name
        managed = [c for c in source.cells if "nbgrader" in c.metadata]
        assert managed and not any(translatable(c) for c in managed)
        assert not {c.source for c in managed} & entries, name
        assert not any("BEGIN SOLUTION" in text or "BEGIN HIDDEN" in text for text in entries)


def _cells_as_json(notebook) -> list[dict]:
    return [dict(cell) for cell in notebook.cells]


FIRST_HEADING = {"sk": "# Pracovný list 1", "pt": "# Ficha 1", "ru": "# Рабочий лист 1"}
"""How worksheet 1 starts in each language."""


@pytest.mark.parametrize("lang", COURSE_LANGUAGES)
def test_course_in_a_language_generates_translated_copies_with_the_same_code_and_points(
    lang, tmp_path, capsys
):
    """``tilegames course DIR --lang sk`` (and each language): the sources' markdown in Slovak, nbgrader generates
    the students' copies from them: the code cells, cell ids, nbgrader's metadata and checksums
    are byte for byte those of the English copies (but for nbgrader's stubs where a solution was
    and the comments a student reads, in that language), and the gradebook holds the same
    points."""
    pytest.importorskip("tilegames_course")
    pytest.importorskip("nbgrader")
    import json

    import nbformat
    from nbgrader.api import Gradebook

    from tilegames.cli import main
    from tilegames.cli.setup_folders import CODE_STUB, TEXT_STUB
    from tilegames.course_i18n import translatable, translate_comments

    with using(lang):
        stubs = {
            "YOUR ANSWER HERE": i18n.translate(TEXT_STUB),
            f"# {CODE_STUB}": f"# {i18n.translate(CODE_STUB)}",
        }
    assert all(english != local for english, local in stubs.items())
    changed = 0
    course = tmp_path / "course"
    assert main(["course", str(course), "--lang", lang, "--exchange", str(tmp_path / "x")]) == 0
    out = capsys.readouterr().out
    assert "release/w1_tula" in out and "w1_tula (nbgrader generate_assignment)" in out
    english_points = {}
    for name in assignment_names():
        made = json.loads((course / "release" / name / f"{name}.ipynb").read_text("utf-8"))
        shipped = json.loads(students_copy(name).read_text("utf-8"))
        assert made["metadata"] == shipped["metadata"]
        assert len(made["cells"]) == len(shipped["cells"]), name
        translated = 0
        english = nbformat.read(students_copy(name), as_version=4)
        for mine, theirs, cell in zip(made["cells"], shipped["cells"], english.cells):
            if translatable(cell):
                assert mine["source"] != theirs["source"]
                assert {**mine, "source": ""} == {**theirs, "source": ""}
                translated += 1
            else:
                # a code cell's comments a student reads, and nbgrader's stubs where a solution
                # was, are in the class's language (nbgrader's checksums are over them): the rest
                # of the cell is the English one, byte for byte
                expected = "".join(theirs["source"])
                if theirs["cell_type"] == "code":
                    expected = translate_comments(expected, lang)
                if theirs["metadata"].get("nbgrader", {}).get("solution"):
                    for english, local in stubs.items():
                        expected = expected.replace(english, local)
                assert "".join(mine["source"]) == expected, (name, mine["source"])
                if expected == "".join(theirs["source"]):
                    assert json.dumps(mine, sort_keys=True) == json.dumps(theirs, sort_keys=True)
                    continue
                changed += 1
                unsummed = [
                    {**c, "source": "", "metadata": {**c["metadata"], "nbgrader": {
                        k: v for k, v in c["metadata"].get("nbgrader", {}).items()
                        if k != "checksum"}}}
                    for c in (mine, theirs)
                ]  # fmt: skip
                assert unsummed[0] == unsummed[1], name
        assert translated >= 5, name
        english_points[name] = sum(
            cell["metadata"].get("nbgrader", {}).get("points", 0) for cell in shipped["cells"]
        )
    first = json.loads((course / "release" / "w1_tula" / "w1_tula.ipynb").read_text("utf-8"))
    assert "".join(first["cells"][0]["source"]).startswith(FIRST_HEADING[lang])
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        points = {a.name: a.max_score for a in gradebook.assignments}
    assert points == english_points
    assert changed >= 2 * len(assignment_names())  # each has a graded cell and an answer cell
    # the teacher's guide and the answer keys stay as they are
    assert (course / "README.md").read_bytes() == checkout_file("exercises/README.md").read_bytes()


@pytest.mark.parametrize("lang", COURSE_LANGUAGES[:1])
def test_lessons_with_assignments_in_a_language_translate_the_students_copies(
    lang, tmp_path, capsys
):
    import nbformat

    from tilegames.cli import main
    from tilegames.course_i18n import translate_comments

    assert main(["lessons", str(tmp_path), "--assignments", "--lang", lang]) == 0
    capsys.readouterr()
    commented = 0
    for name in assignment_names():
        mine = nbformat.read(tmp_path / "assignments" / name / f"{name}.ipynb", as_version=4)
        english = nbformat.read(students_copy(name), as_version=4)
        for cell, theirs in zip(mine.cells, english.cells):
            if cell.cell_type != "code":
                continue
            if "nbgrader" in theirs.metadata:  # nbgrader's cells (checksums): as generated
                assert cell == theirs, name
            else:  # the comments a student reads, in the language
                assert cell == {**theirs, "source": translate_comments(theirs.source, lang)}
                commented += cell.source != theirs.source
        assert mine.cells[0].source != english.cells[0].source, name
    assert commented == len(assignment_names())  # each one's "on your own computer" line
    assert main(["lessons", str(tmp_path / "en"), "--assignments"]) == 0
    capsys.readouterr()
    english = tmp_path / "en" / "assignments" / "w1_tula" / "w1_tula.ipynb"
    assert english.read_bytes() == students_copy("w1_tula").read_bytes()


def test_course_refuses_an_unknown_language_and_lists_those_it_has(tmp_path, capsys):
    from tilegames.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["course", str(tmp_path / "c"), "--lang", "de"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'de'" in err and all(f"'{code}'" in err for code in i18n.LANGUAGES)
    assert not (tmp_path / "c").exists()


WIDGET = "application/vnd.jupyter.widget-view+json"


RUN_TIME_HEADINGS = {"seconds"} | {
    i18n.translations(lang).gettext("seconds") for lang in TRANSLATED
}
"""A table's heading of run times, in each language (``tables.HEADINGS``)."""


def _numbers(notebook) -> list[list[frozenset[str]]]:
    """The numbers every code cell printed or displayed as text (one list per cell that has
    numbers: a cell's printing may come in stream chunks cut anywhere), each number as the
    readings it may have in English notation: ``0,25`` is ``0.25`` (a decimal comma); ``30,000``
    is ``30.000`` or ``30000`` (a decimal comma, or English grouping); ``1,000,000`` and
    ``1 000 000`` are ``1000000``; ``1 234`` is ``1234``."""
    import re

    found = []
    for cell in notebook.cells:
        numbers = []
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            data = output.get("data", {})
            if output.get("name") == "stderr" or any(
                kind == WIDGET or kind.startswith("image/") for kind in data
            ):
                continue  # a progress bar's counts; a picture, or a board (a picture as shipped)
            text = output.get("text") or data.get("text/plain", "")
            text = re.sub(r"\bat 0x[0-9a-f]+", "", text if isinstance(text, str) else "")
            if "text/html" in data and any(word in text for word in RUN_TIME_HEADINGS):
                continue  # a table of run times
            text = TIME_TAKEN.sub("", text)  # this computer's time, not the lesson's figure
            text = re.sub(r"(?<=\d)[\xa0\u202f](?=\d{3}(?!\d))", "", text)  # 1 234: 1234
            for number in re.findall(r"\d{1,3}(?:,\d{3})+(?![\d.])|\d+(?:[.,]\d+)?", text):
                readings = {number.replace(",", ".")} if number.count(",") < 2 else set()
                if re.fullmatch(r"\d{1,3}(?:,\d{3})+", number):  # 1,000,000: 1000000
                    readings.add(number.replace(",", ""))
                numbers.append(frozenset(readings))
        if numbers:
            found.append(numbers)
    return found


def _same_numbers(translated: list[list[frozenset]], english: list[list[frozenset]]) -> list:
    """Where two lessons' numbers differ, cell by cell: the first few (cell, numbers left over
    in the translation, in English); [] when none do. Two numbers are the same when they have
    a reading in common; a cell's numbers may come in another order, and the translation may
    repeat one of them (a table whose columns are wider in another language wraps them
    elsewhere, and repeats its index)."""
    if len(translated) != len(english):
        return [("cells", len(translated), len(english))]
    differences = []
    for index, (ours, theirs) in enumerate(zip(translated, english)):
        left = list(theirs)
        extra = []
        for number in ours:
            match = next((i for i, other in enumerate(left) if number & other), None)
            if match is None:
                extra.append(number)
            else:
                del left[match]
        extra = [number for number in extra if not any(number & other for other in theirs)]
        if extra or left:
            differences.append(
                (index, [sorted(n) for n in extra][:5], [sorted(n) for n in left][:5])
            )
    return differences[:5]


TIME_TAKEN = re.compile(r"\d+(?:[.,]\d+)?\s?(?:m|м)?[sс]\b|\d+(?:[.,]\d+)?\s+(?:min|мин)\w*")
"""A time this computer took, in any language: ``2.61 s``, ``0,27 s``, ``0,86 с``, ``17 minutes``,
``17 minút``, ``17 минут``."""


LESSONS_RUN_IN_ANOTHER_LANGUAGE = [
    *(("01_tula_rules", lang) for lang in TRANSLATED),
    ("02_tula_mercy", "sk"),
    ("03_maze_rules", "pt"),
    ("04_triominos_rules", "pt"),
    ("05_triominos_scoring", "ru"),
    ("06_flaming_pyramids_rules", "ru"),
    ("07_class_experiment", "sk"),
]
"""Lesson 01 in every language, and every other lesson in one of them (each runs in 5 to 25 s;
all 21 are run by ``TILEGAMES_ALL_LANGUAGES=1``)."""
if os.environ.get("TILEGAMES_ALL_LANGUAGES"):
    from tilegames import resources

    LESSONS_RUN_IN_ANOTHER_LANGUAGE = [
        (path.stem, lang)
        for path in sorted(resources.folder("lessons").glob("0*.ipynb"))
        for lang in TRANSLATED
    ]


@pytest.mark.slow
@pytest.mark.parametrize("name, lang", LESSONS_RUN_IN_ANOTHER_LANGUAGE)
def test_a_translated_lesson_runs_and_computes_the_english_numbers(name, lang, tmp_path):
    """Run All of the lesson ``name`` in ``lang``: no error, within the lessons' minute, and
    the same numbers, in the same order, as the committed English lesson."""
    import time

    import nbformat
    from nbclient import NotebookClient

    from tilegames import resources
    from tilegames.lesson_i18n import translate_notebook

    english = nbformat.read(lesson(name), as_version=4)
    translated, _missing = translate_notebook(english, name, lang)
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "results").symlink_to(resources.folder("results"))
    started = time.monotonic()
    NotebookClient(
        translated, timeout=120, resources={"metadata": {"path": str(tmp_path / "notebooks")}}
    ).execute()
    assert time.monotonic() - started < 120  # the lessons' minute, with the tests' margin of 2
    assert _same_numbers(_numbers(translated), _numbers(english)) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_word_that_means_two_things_is_read_by_the_column_it_is_in(lang):
    """``standard`` heads Tri-Ominos' column of the standard rules but names AisleRiot's rules
    in Maze's variant column; ``fire`` counts fires in Flaming Pyramids' mayhem tables but
    names the fire tiles in its materials: each is translated by what it heads or sits under,
    and the data keep their English words."""
    import pandas as pd

    from tilegames import tables

    rules = pd.DataFrame({"standard": [3], "Pressman": [4]}, index=["max_draws"])
    variants = pd.DataFrame({"variant": ["standard", "ring"], "deals": [10, 10]})
    materials = pd.DataFrame({"tiles": [4, 20]}, index=pd.Index(["fire", "wood"], name="material"))
    mayhem = pd.DataFrame({"fire": [1.5]})
    with using(lang):
        said = {
            "standard column": tables.in_language(rules).columns[0],
            "Maze's standard": tables.in_language(variants).iloc[0, 0],
            "fire tiles": tables.in_language(materials).index[0],
            "fires": tables.in_language(mayhem).columns[0],
            "printed variant": tables.shown(variants, words=("variant",)),
        }
        expected = {
            "standard column": i18n._("standard rules"),
            "Maze's standard": i18n._("standard (AisleRiot's rules)"),
            "fire tiles": i18n._("fire tiles (coal and burners)"),
            "fires": i18n._("fires"),
        }
    for what, words in expected.items():
        assert said[what] == words, what
    assert len(set(expected.values())) == 4 and "standard" not in said.values()
    assert expected["Maze's standard"] in said["printed variant"]
    assert list(variants["variant"]) == ["standard", "ring"] and list(materials.index)[0] == "fire"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_table_of_players_says_their_words_beside_the_names_a_student_types(lang):
    """A player's name is what a student types, so a table shows its word and the name
    (``chamtivý (greedy)``), in a match too; how each player chooses is a sentence of the
    catalogs even after pandas stored it as a plain string; a column of yes and no says them
    in the language; the data stay English."""
    import pandas as pd

    from tilegames import tables
    from tilegames.tula.players import PLAYERS

    players = pd.DataFrame(
        {
            "player": list(PLAYERS),
            "how it chooses": [cls.description for cls in PLAYERS.values()],
            "sees hidden tiles": ["yes" if cls.clairvoyant else "no" for cls in PLAYERS.values()],
        }
    )
    matches = pd.DataFrame({"wins": [3]}, index=["greedy vs random"])
    with using(lang):
        shown = tables.in_language(players)
        match = tables.in_language(matches).index[0]
        greedy, random = i18n._("greedy (player)"), i18n._("random (player)")
        described = [i18n.translate(cls.description) for cls in PLAYERS.values()]
        yes, no = i18n._("yes"), i18n._("no")
    assert set(shown.iloc[:, 2]) == {yes, no} and not {yes, no} & {"yes", "no"}
    assert f"{greedy} (greedy)" in list(shown.iloc[:, 0])
    assert greedy in match and random in match and "(greedy)" in match and "(random)" in match
    assert list(shown.iloc[:, 1]) == described
    english = [str(cls.description) for cls in PLAYERS.values()]
    assert not set(described) & set(english)  # every sentence translated, the chain's too
    assert list(players["player"]) == list(PLAYERS)  # the data: the names as typed
    assert list(players["how it chooses"]) == english


@pytest.mark.slow
def test_in_a_notebook_set_language_makes_the_tables_speak_it(tmp_path):
    """In a kernel, one call to ``set_language`` makes the tables a cell shows speak the
    language (headings, row names, decimals), while the table's own labels stay English for
    the code; back in English, pandas draws them as it always does."""
    import nbformat
    from nbclient import NotebookClient

    cell = nbformat.v4.new_code_cell
    notebook = nbformat.v4.new_notebook(
        cells=[
            cell(
                "import pandas as pd\n"
                'table = pd.DataFrame({"win rate": [0.25]}, index=pd.Index(["2 players"], '
                'name="players"))\n'
                "english = table._repr_html_()"
            ),
            cell('import tilegames.i18n\ntilegames.i18n.set_language("sk")'),
            cell("table"),
            cell('print(list(table.columns), table["win rate"].iloc[0])'),
            cell('table.style.format({"win rate": "{:.1%}"})'),
            cell('tilegames.i18n.set_language("en")\ntable'),
            cell("print(table._repr_html_() == english)"),
        ]
    )
    NotebookClient(notebook, timeout=60, resources={"metadata": {"path": str(tmp_path)}}).execute()
    slovak = notebook.cells[2].outputs[0]["data"]
    assert "podiel výhier" in slovak["text/html"] and "2 hráči" in slovak["text/html"]
    assert "0,25" in slovak["text/html"] and "0,25" in slovak["text/plain"]
    assert "hráči" in slovak["text/plain"] and "win rate" not in slovak["text/plain"]
    assert notebook.cells[3].outputs[0]["text"] == "['win rate'] 0.25\n"  # the data: English
    styled = notebook.cells[4].outputs[0]["data"]["text/html"]
    assert "podiel výhier" in styled and "25,0%" in styled and "hráči" in styled
    english = notebook.cells[5].outputs[0]["data"]
    assert "win rate" in english["text/html"] and "0.25" in english["text/plain"]
    assert notebook.cells[6].outputs[0]["text"] == "True\n"


ENGLISH = re.compile(
    r"\b(the|is|and|of|tile|tiles|stack|reveal|revealed|remove|removed|covered|corner|"
    r"won|lost|hint|undo|undid|redo|deal|seed|click|face|mercy|refused|nothing)\b",
    re.IGNORECASE,
)
NOTATION = re.compile(
    r"\b(reveal|remove|mercy) \d[A-M]\b|\b(null|ace|[2-5]) (Suns|Moons|Crowns|Arms)\b"
)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_whole_tula_game_on_the_board_says_nothing_in_english(lang):
    """Every line a student reads while playing Tula to the end (log, status, text view, the
    picture's names, the buttons) comes through the catalogs: no English word is left once the
    notation (``reveal 3B``, ``5 Moons``) is set aside."""
    from tilegames.tula import new_game
    from tilegames.tula.board import view

    with using(lang):
        board = view(new_game(seed=129, mercy=True))
        board.hint()
        board.board.click("3A")
        board.undo()
        board.board.click("nowhere")
        while not board.game.is_over:
            move = board.game.legal_moves()[0]
            if move.kind == "mercy":
                board.exchange(move.position)
            else:
                board.board.click(move.position)
        board.hint()
        board.new_deal(-1)
        said = [message for _kind, message in board.messages]
        said += [board.status.value, board.text_view(), board.board.labels["keys"]]
        said += re.findall(r'aria-label="([^"]*)"', board.board.svg)
        said += [b.description for b in (board.undo_button, board.redo_button, board.hint_button)]
    left = [
        (text, ENGLISH.findall(NOTATION.sub("", re.sub(r"<[^>]+>", " ", text)))) for text in said
    ]
    left = [(text, words) for text, words in left if words]
    assert left == [], left[:5]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_maze_played_on_the_board_says_nothing_in_english(lang):
    """The same for Maze, the Slovak guide's game: picking up, refused drops, moves, a hint."""
    from tilegames.maze import new_game
    from tilegames.maze.board import view

    with using(lang):
        table = view(new_game(seed=1))
        table.board.click("slot:4")  # pick up 8♠
        table.board.click("slot:0")  # refused: explained
        table.board.click("slot:4")  # put it down
        table.board.click("slot:0")  # a gap, nothing picked up
        for _turn in range(8):
            move = table.game.legal_moves()[0]
            table.board.click(f"slot:{table.game.slot_of(move.card)}")
            table.board.click(f"slot:{move.to}")
        table.hint()
        table.undo()
        said = [message for _kind, message in table.messages]
        said += [table.status.value, table.text_view()]
        said += re.findall(r'aria-label="([^"]*)"', table.board.svg)
        said += [b.description for b in (table.hint_button, table.solve_button, table.step_button)]
    left = [(text, ENGLISH.findall(re.sub(r"<[^>]+>", " ", text))) for text in said]
    left = [(text, words) for text, words in left if words]
    assert left == [], left[:5]


def test_text_views_solver_reports_and_answer_checks_speak_the_language():
    """Issue 38's last English text: the Tri-Ominos text view, the Maze solver's report (its
    ``reason`` stays English data), an exercise's answer check."""
    from tilegames.exercises import tula as sheet
    from tilegames.maze import new_game as maze
    from tilegames.maze.players import solve
    from tilegames.triominos import new_game
    from tilegames.triominos.render import words

    game = new_game(seed=6)
    game.play("5-5-5 @ 0,0 r0")
    with using("pt"):
        lines = words(game, seat=0).splitlines()
    assert lines[1] == "Mesa, 1 peça: 5-5-5 em fila 0, coluna 0 (a última posta)."
    assert lines[-1] == "Última jogada: P1 jogou 5-5-5 @ 0,0 r0."
    solution = solve(maze(seed=1), max_nodes=5, max_seconds=5)
    with using("ru"):
        assert str(solution).startswith("не найдено: исчерпан лимит столов (5)")
    assert solution.reason == "node budget of 5 tables ran out (1 suit orders tried)"
    with using("sk"):
        said = str(sheet.check("pairs", "ninety"))
    assert said == "✘ Ešte nie (pairs): zadaj celé číslo, napríklad 7 (nie reťazec)."
    assert str(sheet.check("pairs", "ninety")) == (
        "✘ Not yet (pairs): give a whole number, like 7 (not a string)."
    )


def test_a_refused_saved_game_is_said_in_the_language_chosen():
    from tilegames.tula import Game

    with using("ru"), pytest.raises(InvalidPosition) as refused:
        Game.from_json("[1]")
    assert str(refused.value) == "сохранённая партия должна быть словарём (dict), а не list"
    with pytest.raises(InvalidPosition, match="a saved game must be a dict, not list"):
        Game.from_json("[1]")
