"""The board widget shared by every game, the package ``view`` function, and still pictures."""

from __future__ import annotations

import importlib

import pytest

import tilegames
from tilegames.widgets import GameView

GAMES = ["tula", "maze", "triominos", "pyramids"]


def _new(name: str, seed: int = 3):
    return importlib.import_module(f"tilegames.{name}").new_game(seed=seed)


@pytest.mark.parametrize("name", GAMES)
def test_package_view_is_the_function_even_after_the_board_module_is_imported(name):
    package = importlib.import_module(f"tilegames.{name}")
    board_module = importlib.import_module(f"tilegames.{name}.board")
    assert package.view is board_module.view
    assert callable(package.view) and not isinstance(package.view, type(package))
    board = package.view(_new(name))
    assert isinstance(board, GameView)
    assert isinstance(_new(name).view(), GameView)


def test_no_module_has_its_class_swapped():
    for name in GAMES:
        module = importlib.import_module(f"tilegames.{name}.board")
        assert type(module) is type(tilegames)


# -- pictures that show without running (committed notebooks) ---------------------------


def test_a_picture_names_itself_without_a_memory_address():
    from tilegames.svg import SVGPicture, document, side_by_side

    picture = side_by_side([document(300, 200, [], label="3A revealed")] * 4)
    assert "0x" not in repr(picture) and "3A revealed" in repr(picture)
    assert repr(SVGPicture(document(10, 20, []))) == "<picture 10×20>"


def test_png_is_small_and_the_same_bytes_every_time():
    from tilegames.svg import png_from_svg

    markup = _new("maze")._repr_svg_()
    first = png_from_svg(markup)
    assert first == png_from_svg(markup)
    assert first.startswith(b"\x89PNG") and len(first) < 40_000


@pytest.mark.parametrize("name", GAMES)
def test_a_live_board_carries_a_still_picture_saying_it_plays_when_run(name):
    board = _new(name).view()
    bundle = board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    still = bundle["image/svg+xml"]
    assert GameView.STILL_NOTE in still and board.picture() in still
    assert "run the notebook" in bundle["text/plain"]


def _load_script():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scripts" / "execute_notebooks.py"
    spec = importlib.util.spec_from_file_location("execute_notebooks", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_notebook_runner_stores_svg_as_png_and_drops_widget_references():
    import nbformat

    script = _load_script()
    board = _new("tula").view()
    game = _new("pyramids")
    cell = nbformat.v4.new_code_cell("board")
    cell.outputs = [
        nbformat.v4.new_output("display_data", data=board._repr_mimebundle_()),
        nbformat.v4.new_output("execute_result", data={"image/svg+xml": game._repr_svg_()}),
    ]
    notebook = nbformat.v4.new_notebook(cells=[cell])
    assert script.still_pictures(notebook) == 2
    for output in cell.outputs:
        assert set(output.data) <= {"image/png", "text/plain"} and "image/png" in output.data
    assert notebook.metadata["tilegames"] == {"pictures": "png"}


def _committed_notebooks():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    return sorted([*root.glob("notebooks/*.ipynb"), *root.glob("exercises/*.ipynb")])


@pytest.mark.parametrize("path", _committed_notebooks(), ids=lambda p: p.name)
def test_committed_notebook_pictures_show_in_an_html_export(path):
    import nbformat
    from nbconvert import HTMLExporter

    notebook = nbformat.read(path, as_version=4)
    if notebook.metadata.get("tilegames", {}).get("pictures") != "png":
        pytest.xfail(
            f"{path.name} was executed before still pictures: run scripts/execute_notebooks.py"
        )
    outputs = [o for c in notebook.cells for o in c.get("outputs", []) if "data" in o]
    assert not [o for o in outputs if "image/svg+xml" in o.data], "SVG left: untrusted shows none"
    assert not [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.data]
    pictures = sum(1 for o in outputs if "image/png" in o.data)
    html, _ = HTMLExporter().from_notebook_node(notebook)
    assert html.count('<img src="data:image/png;base64,') >= pictures


def test_the_notebook_runner_drops_widgets_that_have_no_picture():
    import nbformat

    script = _load_script()
    cell = nbformat.v4.new_code_cell("for _ in tqdm(range(3)): pass")
    progress = {
        "text/plain": "0%|  | 0/3",
        "application/vnd.jupyter.widget-view+json": {"model_id": "x", "version_major": 2},
    }
    cell.outputs = [
        nbformat.v4.new_output("display_data", data=progress),
        nbformat.v4.new_output("stream", name="stdout", text="done\n"),
    ]
    notebook = nbformat.v4.new_notebook(cells=[cell])
    script.still_pictures(notebook)
    assert [output.output_type for output in cell.outputs] == ["stream"]
