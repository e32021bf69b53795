"""What the layout tests of issue 28 measure in a page, and the README's Try flows that get it there.

Each check is one script run in the page that returns the offending elements (described so a failure says
which), so a test asserts an empty list and its message names what broke.
"""

from __future__ import annotations

from typing import Any

SIZES = ((1440, 900), (1920, 1080), (390, 844))

# Elements wider than the box they sit in: an element whose content is wider than itself and does not
# scroll it (overflow visible or hidden), or whose box runs past the column's right edge. Content inside a
# box that scrolls sideways on purpose (a compare table in its card) is that box's business, not an overflow.
OVERFLOW_JS = """(sel) => {
  const root = document.querySelector(sel);
  if (!root) return ['missing ' + sel];
  const edge = root.getBoundingClientRect().right;
  const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  const inScroller = (el) => { for (let p = el.parentElement; p && p !== root; p = p.parentElement)
    if (scrolls(p) && p.scrollWidth > p.clientWidth) return true; return false; };
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0
    && getComputedStyle(el).visibility !== 'hidden'; };
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (el.classList.length ? '.' + [...el.classList].slice(0, 2).join('.') : '');
  const out = [];
  for (const el of root.querySelectorAll('*')) {
    if (!shown(el) || el instanceof SVGElement || ['TEXTAREA', 'INPUT', 'OPTION', 'SELECT'].includes(el.tagName)) continue;
    if (el.closest('.js-plotly-plot .plot-container, .sr-only, .visually-hidden, .cell-wrap')) continue;
    if (inScroller(el)) continue;
    const wide = el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && !scrolls(el)
      && getComputedStyle(el).overflowX !== 'clip';
    const past = el.getBoundingClientRect().right > edge + 1;
    if (wide || past) out.push(`${name(el)} ${el.scrollWidth}>${el.clientWidth} right ${Math.round(
      el.getBoundingClientRect().right)}>${Math.round(edge)} "${(el.innerText || '').slice(0, 30)}"`);
  }
  return out;
}"""

# Raw markdown markers in rendered text: a ``**`` / ``__`` pair or a backtick left over in what a person reads
# (code blocks and inputs excluded), and a list item numbered twice ("1. 1.").
MARKDOWN_JS = """(sel) => {
  const out = [];
  for (const root of document.querySelectorAll(sel)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('code, pre, textarea, input, script, style, .js-plotly-plot')) continue;
      if (!el.getClientRects().length) continue;
      const t = n.textContent;
      if (/\\*\\*|__|`/.test(t) || /^\\s*\\d+\\.\\s+\\d+\\.\\s/.test(t)) out.push(t.trim().slice(0, 80));
    }
    // a list printed twice in one message: the same items in the same order
    for (const msg of root.querySelectorAll('.message, .pg-card, .pg-summary, .prose')) {
      const lists = [...msg.querySelectorAll(':scope ol, :scope ul')].map((l) => l.innerText.trim()).filter(Boolean);
      const seen = new Set();
      for (const l of lists) { if (seen.has(l)) out.push('list twice: ' + l.slice(0, 60)); seen.add(l); }
    }
  }
  return out;
}"""

# WCAG contrast of every visible text run against the first opaque background behind it.
CONTRAST_JS = """(sel) => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const over = (top, under) => { const a = top[3]; return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1); };
  const background = (el) => {
    const layers = [];
    for (let p = el; p; p = p.parentElement) {
      const c = parse(getComputedStyle(p).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let base = parse(getComputedStyle(document.body).backgroundColor) || [255, 255, 255, 1];
    if (base[3] < 1) base = [255, 255, 255, 1];
    for (const c of layers.reverse()) base = over(c, base);
    return base;
  };
  const out = [];
  for (const root of document.querySelectorAll(sel)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      // inactive controls are exempt in WCAG 1.4.3 (a disabled Stop button)
      if (!el || !n.textContent.trim() || el.closest('.js-plotly-plot, script, style, textarea, input, button:disabled')) continue;
      const s = getComputedStyle(el);
      if (!el.getClientRects().length || s.visibility === 'hidden') continue;
      let opacity = 1;
      for (let p = el; p; p = p.parentElement) opacity *= Number(getComputedStyle(p).opacity);
      if (opacity < 0.3) continue;  // a placeholder fading in or out
      const bg = background(el);
      const fg = over([...parse(s.color).slice(0, 3), parse(s.color)[3] * opacity], bg);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05);
      if (ratio < 4.5) out.push({text: n.textContent.trim().slice(0, 40), ratio: Math.round(ratio * 100) / 100,
                                 color: s.color, background: `rgb(${bg.slice(0, 3).map(Math.round).join(',')})`});
    }
  }
  return out;
}"""


def overflowing(page: Any, selector: str) -> list[str]:
    return page.evaluate(OVERFLOW_JS, selector)


def raw_markdown(page: Any, selector: str) -> list[str]:
    return page.evaluate(MARKDOWN_JS, selector)


def low_contrast(page: Any, selector: str) -> list[dict[str, Any]]:
    # An empty list must mean "every text read", never "nothing was found to read".
    assert page.locator(selector).count() > 0, f"the contrast check found no element for {selector!r}"
    return page.evaluate(CONTRAST_JS, selector)


def input_box(page: Any, agent: str) -> dict[str, float]:
    return page.evaluate("(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
                         " return {top: r.top, bottom: r.bottom, height: innerHeight}; }",
                         f"#pg-{agent}-input textarea")


def open_tab(page: Any, title: str) -> None:
    page.locator(f"#pg-tabs button[role=tab]:has-text('{title}')").first.click()


def send(page: Any, agent: str, text: str) -> None:
    """Type, send and wait until the reply is over (Send enabled again) and the page settled."""
    page.fill(f"#pg-{agent}-input textarea", text)
    act(page, agent, lambda: page.click(f"#pg-{agent}-send"))


def act(page: Any, agent: str, start: Any) -> None:
    """Run ``start`` (a click that sends something) and wait for its reply to be over: the chat holds one
    more message of the person's and Send is enabled again."""
    mine = f"#pg-{agent}-chat [data-testid=user]"
    before = page.locator(mine).count()
    start()
    try:
        page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length > n", arg=[mine, before],
                               timeout=45_000)
    except Exception:  # a click on a button the page was still wiring was lost once in a full loaded run
        if page.evaluate(f"() => document.querySelector('#pg-{agent}-send').disabled"):
            raise  # a turn is running: the click was taken, only slow
        start()
        page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length > n", arg=[mine, before],
                               timeout=60_000)
    page.wait_for_function(f"() => !document.querySelector('#pg-{agent}-send').disabled", timeout=60_000)
    page.wait_for_timeout(800)


def marketing_flow(page: Any) -> None:
    open_tab(page, "마케팅 에이전트")
    for text in ("이번 주 성과 어때?", "성과 좋은 캠페인은 어떤 거야?", "어제 광고비", "새 캠페인 만들고 싶어", "전환",
                 "10만원으로 해줘"):
        send(page, "marketing", text)
    page.wait_for_selector("#pg-marketing-dock .pg-confirm", timeout=30_000)
    page.click("#pg-marketing-dock .pg-confirm")
    page.wait_for_selector("#pg-marketing-dock .pg-confirm", state="detached", timeout=30_000)
    page.wait_for_timeout(800)


def shopping_flow(page: Any) -> None:
    open_tab(page, "쇼핑 재추천")
    page.wait_for_selector("#pg-shopping-start-button", timeout=30_000)
    page.click("#pg-shopping-pros label:has-text('세척이 쉬워요')")
    act(page, "shopping", lambda: page.click("#pg-shopping-start-button"))
    for text in ("10만원 아래로 다시 보여줘", "더 저렴한 걸로", "소음은 상관없어", "1번 제품 세척 편해?", "3번 제품 가격은?",
                 "1번이랑 2번 비교해줘"):
        send(page, "shopping", text)
    page.wait_for_selector("#pg-tab-shopping .pg-card-compare", timeout=30_000)


def travel_flow(page: Any) -> None:
    open_tab(page, "여행 플래너")
    page.wait_for_selector("#pg-travel-map .js-plotly-plot", timeout=30_000)
    for text in ("라멘집 추천해줘", "센소지 주변 맛집", "3박 4일 일정 짜줘"):
        send(page, "travel", text)
    page.wait_for_selector("#pg-travel-apply", state="visible", timeout=30_000)
    page.wait_for_selector("#pg-travel-timeline .js-plotly-plot", timeout=30_000)


def tutor_flow(page: Any) -> None:
    open_tab(page, "주식 튜터")
    page.wait_for_selector("#pg-tutor-chart .js-plotly-plot", timeout=30_000)
    for text in ("삼성전자 차트 보여줘", "기간 1년으로 바꿔줘", "이 종목 왜 떨어졌어?", "코로나 폭락 사례 알려줘",
                 "정리해서 캔버스로 보여줘"):
        send(page, "tutor", text)
    page.wait_for_selector("#pg-tutor-canvas", state="visible", timeout=30_000)


def english_flow(page: Any) -> None:
    open_tab(page, "영어 회화")
    page.wait_for_selector("#pg-english-new-article", timeout=30_000)
    act(page, "english", lambda: page.click("#pg-english-new-article"))
    for text in ("I think it's a good idea for students.",
                 "Yesterday I go to the library and i read a interesting book.", "What does the first word mean?"):
        send(page, "english", text)


FLOWS = {"marketing": marketing_flow, "shopping": shopping_flow, "travel": travel_flow, "tutor": tutor_flow,
         "english": english_flow}
