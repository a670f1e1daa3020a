"""What ``tilegames simulate GAME`` prints after a run speaks the language chosen (issue 38).

A small seeded run of each game's study is summarised in English and in Slovak: no English word
of the English summary is left in the Slovak one (the games' and players' names, and the rule
presets' names, are what a student types, so they stay), and every number is written the Slovak
way (a decimal comma, a space before ``%``). English stays as it always was
(``tests/test_tallies.py``, ``tests/test_cli.py`` and the studies' doctests compare it).
The progress bar of a run, and what the commands print (their refusals, ``--help``, notes),
speak the language too.
"""

from __future__ import annotations

import re

import pandas as pd
import pytest

from tilegames import GAMES
from tilegames.cli import main
from tilegames.i18n import using

RUNS = {
    "tula": ["--games", "12", "--mercy", "--player", "greedy", "--player", "solver"],
    "maze": ["--games", "3", "--max-nodes", "20000"],
    "triominos rounds": ["--rounds", "12"],
    "triominos games": ["--games", "2"],
    "pyramids": ["--games", "4", "--curse"],
}
"""Each study's options for a run of a few seconds (with ``--seed 1 --no-progress``)."""

WORD = re.compile(r"[^\W\d_]{2,}")

KEPT = {
    "variant": "Slovak's own word for a variant (as in the Slovak catalog's other messages)",
    "curse": "the variants' list names a rule as --rule types it (curse=true)",
}
"""English words a translation may share with the English summary, each with its reason."""


def typed_names() -> set[str]:
    """What a student types, the same in every language: the games', players' and presets'
    names (``--player greedy``, ``--rules seed``)."""
    names = {"tula", "maze", "tri", "ominos", "flaming", "pyramids"}
    for game in ("tula", "maze", "triominos", "pyramids"):
        spec = GAMES.spec(game)
        names |= {word.lower() for name in spec.players for word in WORD.findall(name)}
        names |= {word.lower() for name in spec.presets() for word in WORD.findall(name)}
    return names


def summary(capsys, run: str, lang: str) -> str:
    game = run.split()[0]
    with using(lang):
        assert main(["simulate", game, *RUNS[run], "--seed", "1", "--no-progress"]) == 0
    return capsys.readouterr().out


def words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(text)}


@pytest.mark.parametrize("run", RUNS)
def test_a_summary_in_slovak_has_no_english_word_left(capsys, run):
    english, slovak = summary(capsys, run, "en"), summary(capsys, run, "sk")
    assert len(english.splitlines()) == len(slovak.splitlines())  # the same report, line by line
    left = (words(english) & words(slovak)) - typed_names() - set(KEPT)
    assert left == set(), slovak
    assert not re.search(r"\d\.\d", slovak), slovak  # a decimal comma, never a point
    assert not re.search(r"\S%", slovak), slovak  # 95 %, 21,9 %: a space before %
    assert "95\xa0% IS" in slovak and "95% CI" in english


def test_the_winnability_summary_in_russian_counts_deals_in_its_three_forms():
    from tilegames.maze.study import winnability_text

    def deals(n: int) -> pd.DataFrame:
        return pd.DataFrame({"variant": ["ring"] * n, "status": ["winnable"] * n})

    with using("ru"):
        lines = [winnability_text(deals(n)) for n in (1, 3, 5, 21)]
    assert [line.split(";")[0] for line in lines] == [
        "кольцо (традиционные правила): 1 раздача",
        "кольцо (традиционные правила): 3 раздачи",
        "кольцо (традиционные правила): 5 раздач",
        "кольцо (традиционные правила): 21 раздача",
    ]
    assert winnability_text(deals(1)).startswith("ring: 1 deals; winnable 1,")  # as it was


@pytest.mark.parametrize(
    "games, said", [(1, "1 партия, 2 игрока"), (2, "2 партии, 2 игрока"), (5, "5 партий, 2 игрока")]
)
def test_a_flaming_pyramids_summary_in_russian_counts_games_in_its_forms(capsys, games, said):
    with using("ru"):
        main(["simulate", "pyramids", "--games", str(games), "--seed", "1", "--no-progress"])
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"Flaming Pyramids: {said} (careful, careful), варианты: нет, сид 1, ")
    assert first.endswith(" с")


def test_an_estimate_in_each_language():
    from tilegames.stats import Estimate, percentage_points, wilson

    shares = {}
    for lang in ("en", "sk", "pt", "ru"):
        with using(lang):
            shares[lang] = (
                str(wilson(30, 100)),
                percentage_points(Estimate(-0.065, -0.118, -0.011)),
            )
    assert shares["en"] == (
        "30.0% (95% CI 21.9% to 39.6%)",
        "-6.5 percentage points (95% CI -11.8 to -1.1)",
    )
    assert shares["sk"] == (
        "30,0\xa0% (95\xa0% IS 21,9\xa0% až 39,6\xa0%)",
        "-6,5 p. b. (95\xa0% IS -11,8 až -1,1)",
    )
    assert shares["pt"] == (
        "30,0% (IC de 95% 21,9% a 39,6%)",
        "-6,5 p.p. (IC de 95% -11,8 a -1,1)",
    )
    assert shares["ru"] == (
        "30,0\xa0% (95\xa0% ДИ от 21,9\xa0% до 39,6\xa0%)",
        "-6,5 п. п. (95\xa0% ДИ от -11,8 до -1,1)",
    )


@pytest.mark.parametrize(
    "lang, said",
    [("en", ["Tula deals: 100%", " deals/s]"]), ("sk", ["rozdania Tula: 100%", " rozdania/s]"])],
)
def test_a_progress_bar_s_label_and_unit_speak_the_language(capsys, lang, said):
    """The bar ``tilegames simulate tula`` shows: its label (the plan's, kept in English for the
    results' provenance) and what it counts, in the language in use."""
    from tilegames.sim import simulate
    from tilegames.tula.rules import Rules
    from tilegames.tula.studies import plan

    options = {"player": ["greedy"], "compare_mercy": False, "games": 3, "samples": 4, "seed": 1}
    planned = plan(Rules(), {**options, "workers": 1})
    assert planned.what == "Tula deals"  # what the results file's provenance says
    with using(lang):
        simulate(planned.task, 3, seed=1, description=planned.what, unit="deals")
    bar = capsys.readouterr().err.splitlines()[-1]
    assert all(words in bar for words in said), bar


def test_what_the_commands_print_speaks_the_language(capsys, tmp_path):
    """A refused ``--out`` (``parser.error``), the class store's command (``print``, its
    ``--help``) and a student's first hand-in line (``print``), in Slovak; English as it was."""
    from tilegames.classroom.__main__ import main as classroom

    with using("sk"), pytest.raises(SystemExit):
        main(["simulate", "tula", "--games", "2", "--out", str(tmp_path)])
    assert f"--out {tmp_path}: je priečinok; zadaj názov súboru, napríklad results.csv" in (
        capsys.readouterr().err
    )
    with pytest.raises(SystemExit):
        main(["simulate", "tula", "--games", "2", "--out", str(tmp_path)])
    assert f"--out {tmp_path}: is a folder; give a file name such as results.csv" in (
        capsys.readouterr().err
    )
    with using("ru"):
        assert classroom(["summary", str(tmp_path), "nothing"]) == 2
        assert "ошибка: эксперимента 'nothing' нет: выбери один из tula_stuck" in (
            capsys.readouterr().err
        )
        with pytest.raises(SystemExit):
            classroom(["--help"])
        assert "Создаёт папку хранилища класса" in capsys.readouterr().out


def test_a_student_without_an_id_is_told_so_in_portuguese(capsys, monkeypatch):
    from tilegames.exercises import handin

    monkeypatch.delenv(handin.STUDENT_VARIABLE, raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setattr(handin, "_typed", {})
    with using("pt"):
        assert handin.student_id() == handin.PRACTICE
    assert capsys.readouterr().out.startswith(
        "Ainda não tens número de aluno: estás a responder às perguntas de treino ('practice')."
    )


def test_a_refused_out_of_another_run_is_said_in_slovak(capsys, tmp_path):
    """The results writer's refusal (``results.DifferentRun``, through ``parser.error``)."""
    out = str(tmp_path / "deals.csv")
    run = ["simulate", "tula", "--games", "2", "--player", "greedy", "--no-progress", "--out", out]
    assert main([*run, "--seed", "1"]) == 0
    capsys.readouterr()
    with using("sk"), pytest.raises(SystemExit):
        main([*run, "--seed", "2"])
    said = capsys.readouterr().err
    assert f"{out} obsahuje iný beh (" in said
    assert "seed 1, nie 2" in said and "nenahradí sa; zadaj iné --out alebo pridaj --force" in said


def test_argparse_s_own_words_speak_the_language_and_are_python_s_again_after(capsys):
    """``usage:``, ``error:``, the help's headings and argparse's refusals come from the
    catalogs while a command runs (``i18n.argparse_speaking``); argparse is as it was after."""
    import argparse
    import gettext

    from tilegames.classroom.__main__ import main as classroom

    with using("sk"), pytest.raises(SystemExit):
        main(["simulate", "tula", "--games", "x"])
    said = capsys.readouterr().err
    assert said.startswith("použitie: tilegames simulate tula [-h]")
    assert "tilegames simulate tula: chyba: argument --games: " in said
    with using("pt"), pytest.raises(SystemExit):
        main(["play", "--help"])
    shown = capsys.readouterr().out
    assert shown.startswith("utilização: tilegames play") and "mostra esta ajuda e sai" in shown
    with using("ru"), pytest.raises(SystemExit):
        classroom([])
    assert "ошибка: обязательны такие аргументы: command" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "tula", "--games", "x"])
    said = capsys.readouterr().err
    assert said.startswith("usage: tilegames simulate tula") and ": error: argument --games" in said
    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext
