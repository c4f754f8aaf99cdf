"""The HTML report opened in a real headless Chromium (the system's
package; .ci/run installs it): it renders the hands, steps through the
play on a scripted key press and a button, and logs no script error.
The browser is driven over the DevTools protocol on a pipe
(--remote-debugging-pipe): no network, no extra Python package."""
import json
import os
import pathlib
import select
import shutil
import subprocess
import time

import pytest

from openhand.analysis import analyse_records
from openhand.records import load_records
from openhand.reports.html import page_data, write_html

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "chrome")


def find_browser():
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    return None


class DevTools:
    """A headless Chromium and one page, over --remote-debugging-pipe
    (fd 3: commands in, fd 4: answers out; JSON messages ending in NUL)."""

    def __init__(self, browser, profile):
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        def fds():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)
        self.proc = subprocess.Popen(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", f"--user-data-dir={profile}", "about:blank"],
            preexec_fn=fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=False)
        os.close(to_r)
        os.close(from_w)
        self.buf = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def _read(self, deadline):
        while b"\0" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.from_r], [], [], left)[0]:
                raise TimeoutError("the browser did not answer")
            chunk = os.read(self.from_r, 65536)
            if not chunk:
                raise RuntimeError("the browser closed its pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, timeout=30, **params):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            msg["sessionId"] = self.session
        os.write(self.to_w, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method, timeout=30):
        deadline = time.monotonic() + timeout
        while True:
            for e in self.events:
                if e.get("method") == method:
                    return e
            self.events.append(self._read(deadline))

    def evaluate(self, expression):
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise AssertionError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def key(self, key, code, keycode):
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=keycode,
                      nativeVirtualKeyCode=keycode)

    def errors(self):
        out = []
        for e in self.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.exceptionThrown":
                out.append(p["exceptionDetails"].get("text", "exception"))
            elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append(str(p.get("args")))
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append(p["entry"].get("text", ""))
        return out

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self.to_w)
        os.close(self.from_r)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    path = find_browser()
    if path is None:
        pytest.skip("no Chromium found (looked for " + ", ".join(BROWSERS) + "): install the Debian package "
                    "'chromium' (apt-get install chromium; .ci/run does) to test the report page in a browser")
    tools = DevTools(path, tmp_path_factory.mktemp("profile"))
    try:
        target = tools.call("Target.createTarget", url="about:blank")["targetId"]
        tools.session = tools.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Runtime", "Log", "Page"):
            tools.call(f"{domain}.enable")
        yield tools
    finally:
        tools.close()


def open_report(browser, tmp_path, name):
    records = load_records(EXAMPLES / name)
    analyses = analyse_records(records, bids="fast")
    path = tmp_path / (name + ".html")
    write_html(analyses, records, str(path))
    browser.events.clear()
    browser.call("Page.navigate", url=path.as_uri())
    browser.wait_for("Page.loadEventFired")
    return page_data(analyses, records)


@pytest.mark.parametrize("name", ["65-ending.txt", "66-match.txt", "83.txt"])
def test_the_report_renders_the_hands_and_steps_through_on_key_presses(browser, tmp_path, name):
    data = open_report(browser, tmp_path, name)
    deals = data["deals"]
    assert browser.evaluate("document.querySelectorAll('section.deal').length") == len(deals)
    board = "document.querySelector('section.deal pre.board').textContent"
    frame = "document.querySelector('section.deal').dataset.frame"
    assert browser.evaluate(board) == deals[0]["frames"][0] and browser.evaluate(frame) == "0"
    # the hands are drawn: every card of the first player's hand is on the board
    assert deals[0]["frames"][0].strip() and browser.evaluate(
        "document.querySelector('section.deal .values table') !== null")
    browser.key("ArrowRight", "ArrowRight", 39)
    assert browser.evaluate(frame) == "1" and browser.evaluate(board) == deals[0]["frames"][1]
    where = browser.evaluate("document.querySelector('section.deal .where').textContent")
    assert where.startswith(f"move 2 of {len(deals[0]['steps'])}")
    browser.key("End", "End", 35)
    n = len(deals[0]["steps"])
    assert browser.evaluate(frame) == str(n) and browser.evaluate(board) == deals[0]["frames"][n]
    browser.evaluate("document.querySelector('section.deal .prev').click()")
    assert browser.evaluate(frame) == str(n - 1)
    browser.key("ArrowLeft", "ArrowLeft", 37)
    assert browser.evaluate(frame) == str(n - 2)
    # the mistakes are highlighted in the list of moves, one per costly step
    costly = sum(1 for s in deals[0]["steps"] if s["cost"] > 0)
    mistakes = "document.querySelector('section.deal').querySelectorAll('ol.moves li.mistake').length"
    assert browser.evaluate(mistakes) == costly
    if len(deals) > 1:     # a match: the keys move the deal last clicked
        second = "document.querySelectorAll('section.deal')[1]"
        browser.evaluate(f"{second}.querySelector('.next').click()")
        browser.key("ArrowRight", "ArrowRight", 39)
        assert browser.evaluate(f"{second}.dataset.frame") == "2" and browser.evaluate(frame) == str(n - 2)
        assert browser.evaluate(f"{second}.querySelector('pre.board').textContent") == deals[1]["frames"][2]
    assert browser.errors() == []


def test_a_script_error_would_be_seen(browser, tmp_path):
    page = tmp_path / "broken.html"
    page.write_text("<!DOCTYPE html><html><body><script>undefinedFunction();</script></body></html>")
    browser.events.clear()
    browser.call("Page.navigate", url=page.as_uri())
    browser.wait_for("Page.loadEventFired")
    assert any("undefinedFunction" in e or "ReferenceError" in e or "Uncaught" in e for e in browser.errors())


def test_the_page_is_self_contained(tmp_path):
    records = load_records(EXAMPLES / "65-ending.txt")
    path = tmp_path / "r.html"
    write_html(analyse_records(records), records, str(path))
    text = path.read_text()
    for needle in ("src=", "href=", "@import", "url("):
        assert needle not in text
