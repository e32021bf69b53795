() => {
  // <time class="pg-local-time"> shows the browser's local time (the server writes UTC).
  const fmt = (el) => {
    const d = new Date(el.getAttribute('datetime'));
    if (!isNaN(d)) { el.textContent = d.toLocaleTimeString([], {hour: '2-digit', minute: '2-digit'}); }
    el.classList.add('pg-local-done');
  };
  const scan = () => document.querySelectorAll('time.pg-local-time:not(.pg-local-done)').forEach(fmt);
  new MutationObserver(scan).observe(document.body, {childList: true, subtree: true});
  scan();

  // On a phone the conversation sidebar starts closed, so the chat is the first screen.
  if (window.innerWidth < 700) {
    let tries = 0;
    const close = () => {
      const bar = document.querySelector('#pg-sidebar');
      const toggle = bar && bar.querySelector('button.toggle-button');
      if (bar && toggle && bar.classList.contains('open')) { toggle.click(); return; }
      if (!bar && tries++ < 50) setTimeout(close, 100);
    };
    close();
  }

  // Gradio's chat re-runs Plotly.react and Plots.resize for every chart already in the conversation
  // on every streamed update (measured: 70 calls for 4 charts during one reply), so the browser fell
  // further behind the stream as charts accumulated. Plotly is loaded lazily and publishes itself as
  // window.Plotly: wrap it then, so a react with the same figure on the same element, and a resize to
  // the size the element already has, return at once. Any real change still goes through.
  const guard = (P) => {
    if (!P || P.__pgGuarded || typeof P.react !== 'function') return P;
    P.__pgGuarded = true;
    P.__pgStats = {drawn: 0, skipped: 0};  // read by the browser tests
    const figures = new WeakMap();
    const react = P.react;
    P.react = function (gd, data, layout) {
      let key = null;
      try { key = JSON.stringify([data, layout]); } catch (e) { key = null; }
      if (key !== null && gd && gd._fullLayout && figures.get(gd) === key) {
        P.__pgStats.skipped++;
        return Promise.resolve(gd);
      }
      if (key !== null && gd) figures.set(gd, key);
      P.__pgStats.drawn++;
      return react.apply(this, arguments);
    };
    if (P.Plots && typeof P.Plots.resize === 'function' && typeof ResizeObserver === 'function') {
      // Sizes come from a ResizeObserver, never from a forced layout; it also resizes a chart itself
      // when its box really changes (a skipped call can never leave a chart at a stale size).
      const boxes = new WeakMap();
      const resize = P.Plots.resize;
      P.__pgResize = resize;  // the unguarded one, for a chart drawn at a width its box does not have
      P.Plots.resize = function (gd) {
        const el = typeof gd === 'string' ? document.getElementById(gd) : gd;
        if (!el || !el.nodeType) return resize.apply(this, arguments);
        let box = boxes.get(el);
        if (!box) {
          box = {seen: null, drawn: null};
          boxes.set(el, box);
          new ResizeObserver((entries) => {
            const r = entries[entries.length - 1].contentRect;
            box.seen = `${Math.round(r.width)}x${Math.round(r.height)}`;
            if (box.drawn !== null && box.drawn !== box.seen && r.width > 0) { box.drawn = box.seen; resize.call(P.Plots, el); }
          }).observe(el);
        }
        if (box.seen !== null && box.drawn === box.seen) return Promise.resolve(el);
        box.drawn = box.seen;
        return resize.apply(this, arguments);
      };
    }
    return P;
  };
  // A chart in a workspace column or the chat is kept at its box's width: the column's content changing
  // around it (a canvas opening, a card docking) left it wider than its box, cut at the edge. (A chat chart's
  // bubble has its width before Plotly draws: style.css.)
  const fit = (gd) => {
    const svg = gd.querySelector('.main-svg');
    const P = window.Plotly;
    const drawn = svg ? parseFloat(svg.getAttribute('width')) : NaN;
    if (P && P.__pgResize && gd.clientWidth > 0 && Math.abs(drawn - gd.clientWidth) > 2) P.__pgResize.call(P.Plots, gd);
  };
  const fitted = new WeakSet();
  const watchSide = () => document.querySelectorAll('.pg-side .js-plotly-plot, .pg-chat .js-plotly-plot').forEach((gd) => {
    if (fitted.has(gd)) return;
    fitted.add(gd);
    new ResizeObserver(() => fit(gd)).observe(gd);
    if (typeof gd.on === 'function') gd.on('plotly_afterplot', () => setTimeout(() => fit(gd), 0));
  });
  new MutationObserver(watchSide).observe(document.body, {childList: true, subtree: true});

  // The chat's height is what the first screen leaves between the header (and tabs) above it and the
  // chips, dock and input under it (style.css reads the two figures): the input is in view at first load
  // at any size, and stays where it is while the chat grows (the chat scrolls inside itself).
  const fitChat = (col) => {
    const chat = col.querySelector('.pg-chat');
    const input = col.querySelector('.pg-input-row');
    if (!chat || !input || col.offsetParent === null) return;
    const c = chat.getBoundingClientRect();
    const top = Math.round(c.top + window.scrollY);
    const below = Math.max(0, Math.round(input.getBoundingClientRect().bottom - c.bottom)) + 12;
    const row = col.parentElement;  // the tab's row: its workspace column takes the same height
    const set = (name, value) => {
      if (row.style.getPropertyValue(name) !== value) row.style.setProperty(name, value);
    };
    set('--pg-chat-top', `${top}px`);
    set('--pg-chat-below', `${below}px`);
  };
  const fitted_cols = new WeakSet();
  const fitAll = () => document.querySelectorAll('.pg-chat-col').forEach(fitChat);
  const watchCols = () => document.querySelectorAll('.pg-chat-col').forEach((col) => {
    if (fitted_cols.has(col)) return;
    fitted_cols.add(col);
    new ResizeObserver(() => fitChat(col)).observe(col);
  });
  new MutationObserver(watchCols).observe(document.body, {childList: true, subtree: true});
  window.addEventListener('resize', fitAll);
  const header = () => document.querySelector('#pg-header');
  const watchHeader = (tries) => {
    if (header()) new ResizeObserver(fitAll).observe(header());
    else if (tries < 100) setTimeout(() => watchHeader(tries + 1), 100);
  };
  watchHeader(0);
  document.addEventListener('click', (e) => {
    if (e.target.closest && e.target.closest('[role=tab]')) setTimeout(fitAll, 50);
  }, {capture: true});

  // Phone: the tab row scrolls sideways (style.css); its arrow hint goes once the last tab is in view,
  // and the chosen tab is scrolled fully into view. Delegated: Gradio may draw the row again.
  const TAB_ROW = '#pg-tabs > .tab-wrapper > .tab-container';
  const hint = (row) => {  // a data attribute: Svelte rewrites the wrapper's class
    row.parentElement.dataset.pgEnd = row.scrollLeft + row.clientWidth >= row.scrollWidth - 4 ? '1' : '0';
  };
  document.addEventListener('scroll', (e) => {
    if (e.target.matches && e.target.matches(TAB_ROW)) hint(e.target);
  }, {capture: true, passive: true});
  document.addEventListener('click', (e) => {
    const tab = e.target.closest && e.target.closest(TAB_ROW + ' > button');
    if (tab && tab.parentElement.scrollWidth > tab.parentElement.clientWidth) {
      tab.scrollIntoView({block: 'nearest', inline: 'center'});  // clear of the faded edge
      setTimeout(() => hint(tab.parentElement), 400);
    }
  });
  window.addEventListener('resize', () => document.querySelectorAll(TAB_ROW).forEach(hint));

  // A reply's mention of the workspace links to it (agents/view/workspace_link.py): a click shows the
  // tab's workspace column: beside the chat it is already in view and only flashes, on a phone (stacked
  // under the chat) the page scrolls to it.
  document.addEventListener('click', (e) => {
    const link = e.target.closest && e.target.closest('a[href="#pg-workspace"]');
    if (!link) return;
    e.preventDefault();
    e.stopPropagation();
    const row = link.closest('.pg-tab-row');
    const side = row && row.querySelector(':scope > .pg-side');
    if (!side) return;
    side.scrollIntoView({block: 'nearest'});
    side.classList.remove('pg-flash');
    void side.offsetWidth;  // restart the animation on a second click
    side.classList.add('pg-flash');
  }, {capture: true});

  let plotly = guard(window.Plotly);
  Object.defineProperty(window, 'Plotly', {
    configurable: true,
    get: () => plotly,
    set: (value) => { plotly = guard(value); },
  });
}
