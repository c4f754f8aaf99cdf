"""Every docstring example in the package, and the README's, must run."""
import doctest
import importlib
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


def test_readme_examples():
    result = doctest.testfile(README, module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
