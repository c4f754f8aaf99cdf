"""Every docstring example in the package, and the README's, must run."""
import doctest
import importlib
import importlib.util
import os
import pkgutil

import pytest

import openhand

MODULES = sorted(m.name for m in pkgutil.walk_packages(openhand.__path__, "openhand.")
                 if not m.name.endswith("__main__"))
README = os.path.join(os.path.dirname(__file__), os.pardir, "README.md")


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


# The benchmark scripts whose helpers carry examples (benchmarks/ is no
# package: loaded from their files).
BENCHMARKS = os.path.join(os.path.dirname(__file__), os.pardir, "benchmarks")


@pytest.mark.parametrize("script", ["compare_nodes", "crosscheck_tricks", "paired_sixtyfive"])
def test_benchmark_doctests(script):
    spec = importlib.util.spec_from_file_location(script, os.path.join(BENCHMARKS, script + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_readme_examples():
    result = doctest.testfile(README, module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
