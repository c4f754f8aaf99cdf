"""OPENHAND_IMPLEMENTATION forces the C++ core or the Python reference."""
import pytest

from openhand import _impl


def test_python_forced(monkeypatch):
    monkeypatch.setenv("OPENHAND_IMPLEMENTATION", "python")
    assert _impl.load_core("openhand.sixtyfive._core") is None


def test_cpp_forced(monkeypatch):
    monkeypatch.setenv("OPENHAND_IMPLEMENTATION", "cpp")
    assert _impl.load_core("openhand.sixtyfive._core") is not None
    with pytest.raises(ImportError):
        _impl.load_core("openhand.no_such_game._core")


def test_bad_value(monkeypatch):
    monkeypatch.setenv("OPENHAND_IMPLEMENTATION", "fortran")
    with pytest.raises(ValueError, match="fortran"):
        _impl.implementation()


def test_bad_value_is_refused_when_a_solver_is_made(monkeypatch):
    # a game still imports (the message must reach the user), and making a
    # solver names the variable instead of a traceback from the import
    monkeypatch.setenv("OPENHAND_IMPLEMENTATION", "bogus")
    from openhand import errors, sixtyfive
    assert _impl.load_core("openhand.sixtyfive._core") is not None
    with pytest.raises(errors.ConfigurationError, match="OPENHAND_IMPLEMENTATION='bogus'"):
        sixtyfive.Solver()
