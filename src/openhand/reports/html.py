"""The report page of analysed records: one self-contained HTML file (its
style, script and data inline, nothing fetched from the network).

A section per deal holds its tags and result, the totals per player and
per side (and Eighty-Three's bid table verdict), the deal's value after
every move as an inline SVG picture with the mistakes marked (a click on
one goes there), the hands (every state's diagram, ``str(state)``, so every
game draws its own), the moves in a list with the mistakes highlighted,
and for the decision at hand every legal move's value with the best ones
and the move played marked.  The buttons or the arrow keys step through
the deal (Home and End jump to its start and its end); the keys move the
deal last clicked, the first one at first.

The data of the page is one JSON object (``<script id="openhand-data"
type="application/json">``): ``{"deals": [{"title", "frames": [diagram
text of each state], "steps": [...], ...}]}``; each deal section shows
its position in ``data-frame`` (0 = the start).

>>> from openhand.analysis import analyse
>>> from openhand.records import read_record
>>> r = read_record('[Game "65"]\\n[Deal "N:A.K.. 3.A.. K.3.. Q.Q.."]\\n[Leader "N"]\\nAS 3S KS QS KH AH 3H QH')
>>> page = html_page([analyse(r)], [r])
>>> page.startswith("<!DOCTYPE html>"), "http" in page.replace("http-equiv", ""), page.count('class="deal"')
(True, False, 1)
"""
from __future__ import annotations

import html
import json
from typing import List

from .plot import panels

__all__ = ["html_page", "write_html", "page_data"]

_CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"
_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:1.5em;color:#222;background:#fafafa}
h1{font-size:1.4em}h2{font-size:1.15em;margin:0 0 .3em}
section.deal{background:#fff;border:1px solid #ddd;border-radius:6px;padding:1em;margin:0 0 1.5em}
section.deal.active{border-color:#1f5fa8}
.tags{color:#555;font-size:.9em}
.grid{display:flex;flex-wrap:wrap;gap:1.2em;align-items:flex-start}
pre.board{background:#f4f7f0;border:1px solid #cfd8c4;padding:.6em .9em;margin:0;font-size:13px;line-height:1.25}
.controls button{font-size:1em;margin-right:.3em;padding:.2em .7em}
.where{margin:.5em 0;font-weight:600}
table{border-collapse:collapse;font-size:.88em}td,th{padding:.15em .55em;text-align:left}
th{border-bottom:1px solid #bbb}td.num{text-align:right}
ol.moves{max-height:24em;overflow:auto;margin:0;padding-left:2.6em;font-size:.9em;min-width:16em}
ol.moves li{cursor:pointer;padding:0 .3em}ol.moves li.mistake{background:#fde2df;color:#a02518}
ol.moves li.current{outline:2px solid #1f5fa8}
tr.best td{font-weight:600;color:#146c2e}tr.played td{background:#e8eefb}tr.played.costly td{background:#fde2df}
.note{color:#a02518}.ok{color:#146c2e}
svg.plot{background:#fff;border:1px solid #eee}svg.plot circle.mistake{cursor:pointer}
"""

_JS = r"""
(function(){
  const data = JSON.parse(document.getElementById('openhand-data').textContent);
  const sections = Array.from(document.querySelectorAll('section.deal'));
  let active = 0;
  function esc(t){return String(t).replace(/[&<>]/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;'}[c]));}
  function render(d){
    const deal = data.deals[d], sec = sections[d];
    const k = Number(sec.dataset.frame), n = deal.steps.length;
    sec.querySelector('pre.board').textContent = deal.frames[k];
    const where = sec.querySelector('.where'), vals = sec.querySelector('.values');
    if (k < n){
      const s = deal.steps[k];
      where.innerHTML = 'move ' + s.number + ' of ' + n + ': ' + esc(s.player) + ' ' +
        (s.cost > 0 ? '<span class="note">' + esc(s.move) + ', cost ' + s.cost + ' ' + esc(s.units) + '</span>'
                    : '<span class="ok">' + esc(s.move) + '</span>') +
        (s.note ? ' &mdash; <span class="note">' + esc(s.note) + '</span>' : '');
      let rows = '<tr><th>move</th><th class="num">value (' + esc(s.side) + ')</th><th class="num">cost</th></tr>';
      for (const [m, v, c] of s.values){
        const cls = [(s.best.indexOf(m) >= 0) ? 'best' : '', m === s.move ? 'played' : '',
                     (m === s.move && s.cost > 0) ? 'costly' : ''].join(' ');
        rows += '<tr class="' + cls + '"><td>' + esc(m) + (m === s.move ? ' &#9664; played' : '') +
                '</td><td class="num">' + v + '</td><td class="num">' + c + '</td></tr>';
      }
      vals.innerHTML = s.values.length ? '<table>' + rows + '</table>' : '<p>(no values: not analysed)</p>';
    } else {
      where.textContent = deal.complete ? 'the end: ' + deal.result : 'analysis interrupted here';
      vals.innerHTML = '';
    }
    sec.querySelectorAll('ol.moves li').forEach((li, i) => li.classList.toggle('current', i === k));
    const cur = sec.querySelector('ol.moves li.current');
    if (cur && cur.scrollIntoView) cur.scrollIntoView({block: 'nearest'});
  }
  function go(d, k){
    const n = data.deals[d].steps.length;
    sections[d].dataset.frame = String(Math.max(0, Math.min(n, k)));
    setActive(d);
    render(d);
  }
  function setActive(d){
    active = d;
    sections.forEach((s, i) => s.classList.toggle('active', i === d));
  }
  sections.forEach((sec, d) => {
    const step = (delta) => go(d, Number(sec.dataset.frame) + delta);
    sec.querySelector('.first').addEventListener('click', () => go(d, 0));
    sec.querySelector('.prev').addEventListener('click', () => step(-1));
    sec.querySelector('.next').addEventListener('click', () => step(1));
    sec.querySelector('.last').addEventListener('click', () => go(d, data.deals[d].steps.length));
    sec.querySelectorAll('ol.moves li').forEach((li, i) => li.addEventListener('click', () => go(d, i)));
    sec.querySelectorAll('svg .mistake').forEach(c => c.addEventListener('click',
      () => go(d, Number(c.getAttribute('data-frame')))));
    sec.addEventListener('mousedown', () => setActive(d));
    render(d);
  });
  document.addEventListener('keydown', (e) => {
    if (!sections.length) return;
    const sec = sections[active], k = Number(sec.dataset.frame);
    const moves = {ArrowRight: k + 1, ArrowLeft: k - 1, Home: 0, End: data.deals[active].steps.length};
    if (e.key in moves){ e.preventDefault(); go(active, moves[e.key]); }
  });
  setActive(0);
  window.openhandReport = {go: go, data: data};
})();
"""


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


def _frames(record, count: int) -> List[str]:
    out = []
    for i, state in enumerate(record.states()):
        if i > count:
            break
        out.append(str(state))
    return out


def page_data(analyses, records) -> dict:
    """The JSON data the page's script reads."""
    from ..records.record import format_result
    deals = []
    for d, (a, r) in enumerate(zip(analyses, records), 1):
        steps = []
        for s in a.steps:
            sign = 1
            order = sorted(s.values.items(), key=lambda kv: -kv[1])
            best = s.values.get(s.best_moves[0]) if s.best_moves else None
            if s.values and best is not None and best == min(s.values.values()) and best != max(s.values.values()):
                order = sorted(s.values.items(), key=lambda kv: kv[1])
                sign = -1
            values = [[m, v, (sign * (best - v)) if best is not None else 0] for m, v in order[:200]]
            steps.append({"number": s.number, "player": s.player, "move": s.move, "kind": s.kind, "units": s.units,
                          "side": s.side, "cost": s.cost, "best": s.best_moves, "note": s.note, "values": values})
        deals.append({"title": f"Deal {d}: {a.game.title}", "frames": _frames(r, len(a.steps)), "steps": steps,
                      "complete": a.complete,
                      "result": "" if a.result is None else format_result(a.game, a.result)})
    return {"deals": deals}


def _svg(title, side, units, line, mistakes, marks=(), width=640, height=170) -> str:
    """One timeline as inline SVG: the value after each move, mistakes red."""
    if not line:
        return ""
    xs, ys = [x for x, _ in line], [y for _, y in line]
    x0, x1 = min(xs), max(max(xs), min(xs) + 1)
    near = [v for v, _ in marks if min(ys) - 10 <= v <= max(ys) + 10]      # thresholds close by
    y0, y1 = min(ys + near), max(ys + near)
    if y0 == y1:
        y0, y1 = y0 - 1, y1 + 1
    left, right, top, bottom = 46, 12, 22, 26

    def px(x):
        return left + (x - x0) * (width - left - right) / (x1 - x0)

    def py(y):
        return top + (y1 - y) * (height - top - bottom) / (y1 - y0)
    pts = []
    for i, (x, y) in enumerate(line):
        if i:
            pts.append(f"{px(x):.1f},{py(line[i - 1][1]):.1f}")
        pts.append(f"{px(x):.1f},{py(y):.1f}")
    out = [f'<svg class="plot" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           f'role="img" aria-label="{_esc(units)} after every move">',
           f'<text x="{left}" y="14" font-size="12">{_esc(units)} of {_esc(side)} after every move</text>',
           f'<line x1="{left}" y1="{py(y0):.1f}" x2="{width - right}" y2="{py(y0):.1f}" stroke="#bbb"/>',
           f'<text x="{left - 6}" y="{py(y1) + 4:.1f}" font-size="10" text-anchor="end">{y1}</text>',
           f'<text x="{left - 6}" y="{py(y0) + 4:.1f}" font-size="10" text-anchor="end">{y0}</text>',
           f'<text x="{width - right}" y="{height - 6}" font-size="10" text-anchor="end">move {x1}</text>',
           *[f'<line x1="{left}" y1="{py(v):.1f}" x2="{width - right}" y2="{py(v):.1f}" stroke="#999" '
             f'stroke-dasharray="4 3"/><text x="{width - right - 2}" y="{py(v) - 3:.1f}" font-size="9" '
             f'text-anchor="end" fill="#666">{_esc(label)}</text>' for v, label in marks if y0 <= v <= y1],
           f'<polyline fill="none" stroke="#1f5fa8" stroke-width="1.8" points="{" ".join(pts)}"/>']
    for n, v, cost in mistakes:
        out.append(f'<circle class="mistake" data-frame="{n - 1}" cx="{px(n):.1f}" cy="{py(v):.1f}" r="5" '
                   f'fill="#c0392b"><title>move {n}: cost {cost}</title></circle>')
    out.append("</svg>")
    return "".join(out)


def _totals(a) -> str:
    rows = []
    for units, t in a.totals().items():
        if not units:
            continue
        cells = "".join(f"<td>{_esc(p)} {c}</td>" for p, c in t["players"].items())
        sides = "".join(f"<td>{_esc(s)} {c}</td>" for s, c in t["sides"].items()) \
            if list(t["players"]) != list(t["sides"]) else ""
        rows.append(f"<tr><th>costs ({_esc(units)})</th>{cells}{sides}</tr>")
    return "<table class=\"totals\">" + "".join(rows) + "</table>"


def _summary(a) -> str:
    s = a.summary
    if not s.get("par"):
        return ""
    can = "; ".join(f"{_esc(side)} {c['value']} ({_esc(c['seat'])} in {_esc(c['trump'])})"
                    for side, c in s["can_make"].items())
    rows = "".join(f"<tr><td>{_esc(r['seat'])}</td><td>{_esc(r['trump'])}</td><td class=\"num\">{r['value']}</td></tr>"
                   for r in s["bid_table"]["rows"])
    return (f"<p>Bid table ({_esc(s['bid_table']['mode'])}): each side can make {can}. Open-hand auction: "
            f"{_esc(', '.join(s['par']['auction']))}, margin {s['par']['margin']} for N-S.</p>"
            f"<details><summary>every seat and suit</summary><table><tr><th>bidder</th><th>trumps</th>"
            f"<th class=\"num\">value</th></tr>{rows}</table></details>")


def _section(d: int, a, r) -> str:
    from ..records.record import format_result
    tags = ", ".join(f"{_esc(k)}: {_esc(v)}" for k, v in a.tags.items())
    result = format_result(a.game, a.result) if a.result is not None else (
        "analysis interrupted" if not a.complete else "unfinished")
    svgs = "".join(_svg(*p) for p in panels([a]))
    moves = "".join(f'<li class="{"mistake" if s.cost > 0 else ""}" title="{_esc(s.note)}">{_esc(s.player)} '
                    f'{_esc(s.move)}{f" (-{s.cost})" if s.cost > 0 else ""}</li>' for s in a.steps)
    moves += '<li>end</li>'
    return f"""
<section class="deal" id="deal-{d}" data-frame="0">
<h2>Deal {d}: {_esc(a.game.title)}</h2>
<p class="tags">{tags or "&nbsp;"}</p>
<p>Result: <b>{_esc(result)}</b></p>
{_totals(a)}
{_summary(a)}
<div class="plots">{svgs}</div>
<div class="controls"><button class="first" title="start (Home)">|&#9664;</button><button class="prev"
 title="back (left arrow)">&#9664;</button><button class="next" title="forward (right arrow)">&#9654;</button><button
 class="last" title="end (End)">&#9654;|</button></div>
<div class="where"></div>
<div class="grid"><pre class="board"></pre><div class="values"></div><ol class="moves">{moves}</ol></div>
</section>"""


def html_page(analyses, records, title: str = "openhand analysis") -> str:
    """The whole page of analysed deals (``records``: the records they
    were made from, for the hands)."""
    data = json.dumps(page_data(analyses, records)).replace("</", "<\\/")
    sections = "".join(_section(d, a, r) for d, (a, r) in enumerate(zip(analyses, records), 1))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{_CSP}">
<title>{_esc(title)}</title><style>{_CSS}</style></head>
<body>
<h1>{_esc(title)}</h1>
<p>Every decision with its open-hand value: step through with the buttons or the arrow keys
(Home, End); mistakes are red.</p>
{sections}
<script id="openhand-data" type="application/json">{data}</script>
<script>{_JS}</script>
</body></html>
"""


def write_html(analyses, records, path: str, title: str = "openhand analysis") -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(html_page(analyses, records, title))
