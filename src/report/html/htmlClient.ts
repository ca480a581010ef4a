/**
 * The report page's script: renders the dialogue list from the embedded JSON and runs the
 * filters. Plain ES2017 kept in a string (no DOM types in this project's compile). It only
 * ever writes data into the page through textContent and setAttribute on attribute names
 * of its own, never through innerHTML. No backticks or dollar-brace in here: this is a
 * template literal.
 */
import { CLIENT_DIFF_JS, CLIENT_LABELS_JS, CLIENT_SLICE_JS, CLIENT_SORT_JS } from './htmlClientParts.js';

export const REPORT_CLIENT_JS =
  String.raw`
(function () {
  'use strict';
  var report = JSON.parse(document.getElementById('report-data').textContent);
  var root = document.getElementById('dialogues');
  var view = report.view || {};
  var history = (view.trend && view.trend.dialogues) || {};
  var state = { status: 'all', tag: '', query: '', slice: null };
  var entries = [];
` +
  CLIENT_LABELS_JS +
  CLIENT_SLICE_JS +
  String.raw`

  function h(tag, attrs) {
    var el = document.createElement(tag);
    // A code block may scroll: keyboard users must be able to reach it (axe scrollable-region-focusable).
    if (tag === 'pre') el.tabIndex = 0;
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        var value = attrs[key];
        if (value === null || value === undefined || value === false) return;
        if (key === 'class') el.className = value;
        else if (key === 'text') el.textContent = String(value);
        else el.setAttribute(key, value === true ? '' : String(value));
      });
    }
    for (var i = 2; i < arguments.length; i++) add(el, arguments[i]);
    return el;
  }
  function add(el, child) {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) { child.forEach(function (c) { add(el, c); }); return; }
    el.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
  function json(value) {
    if (value === undefined) return '—';
    try { return JSON.stringify(value, null, 2); } catch (e) { return String(value); }
  }
  function compact(value) {
    if (value === undefined) return '—';
    try { return JSON.stringify(value); } catch (e) { return String(value); }
  }
` +
  CLIENT_DIFF_JS +
  String.raw`
  function ms(value) { return value === null || value === undefined ? '—' : Math.round(value) + ' ms'; }
  function chip(text, kind) { return h('span', { class: 'chip' + (kind ? ' chip-' + kind : ''), text: text }); }

  function inputView(input) {
    var out = [];
    if (input.user !== undefined) {
      out.push(h('div', { class: 'msg msg-user' }, h('div', { class: 'who', text: t('user') }), h('div', { class: 'bubble', text: input.user })));
    }
    if (input.tap !== undefined) {
      out.push(h('div', { class: 'event', text: t('taps', input.tap) }));
    }
    if (input.advanceMs !== undefined) {
      out.push(h('div', { class: 'event', text: t('advances', input.advanceMs) }));
    }
    return out;
  }

  function ttsView(line) {
    return h('div', { class: 'msg msg-app' }, h('div', { class: 'who', text: t('app') }), h('div', { class: 'bubble', text: line }));
  }

  function amount(value) {
    return typeof value === 'number' ? '¥' + value.toFixed(2) : '—';
  }

  function batchView(items) {
    var counts = {};
    items.forEach(function (it) { counts[it.status] = (counts[it.status] || 0) + 1; });
    var summary = Object.keys(counts).map(function (k) { return counts[k] + ' ' + k; }).join(' · ');
    var rows = items.map(function (it) {
      return h('tr', { class: 'item-' + it.status },
        // Readers count items from 1 (第1笔); report.json keeps the 0-based index.
        h('td', { class: 'mono', text: String(it.index + 1) }),
        h('td', null, h('span', { class: 'st st-' + it.status, text: it.status })),
        h('td', { class: 'amount', text: amount(it.amount) }),
        h('td', { text: it.type }),
        h('td', { text: it.category === null ? '—' : it.category }),
        h('td', { text: it.description === null ? '—' : it.description }));
    });
    return h('div', { class: 'block' },
      h('div', { class: 'block-title', text: t('draftBatch') + ' · ' + t('items', items.length) + (summary ? ' · ' + summary : '') }),
      h('div', { class: 'batch' }, h('table', null,
        h('thead', null, h('tr', null, ['idx', 'status', 'amount', 'type', 'category', 'description'].map(function (key) { return h('th', { text: t(key) }); }))),
        h('tbody', null, rows))));
  }

  function savedView(saved) {
    return h('div', { class: 'block' },
      h('details', { class: 'raw' }, h('summary', { text: t('saved', saved.length) }), h('pre', { text: json(saved) })));
  }

  function responseText(text) {
    if (text === null) return '(no response)';
    try { return JSON.stringify(JSON.parse(text), null, 2); } catch (e) { return text; }
  }

  function llmView(call) {
    var tokens = call.usage ? t('tokens', call.usage.promptTokens + ' → ' + call.usage.completionTokens) : null;
    return h('details', { class: 'llm' },
      h('summary', null,
        h('strong', { text: 'LLM ' + call.endpoint }),
        chip(call.outcome, call.outcome === 'ok' ? 'local' : 'bad'),
        h('span', { class: 'muted', text: ms(call.latencyMs) }),
        tokens ? h('span', { class: 'muted', text: tokens }) : null),
      h('div', { class: 'llm-grid' },
        h('div', null, h('div', { class: 'block-title', text: t('request') }), h('pre', { text: json(call.request) })),
        h('div', null, h('div', { class: 'block-title', text: t('response') }), h('pre', { text: responseText(call.responseText) }))),
      call.detail ? h('div', { class: 'llm-detail', text: call.detail }) : null);
  }

  function checkView(check) {
    if (check.passed) {
      return h('li', { class: 'check check-pass' },
        h('span', { class: 'mark', text: '✓' }), h('span', { class: 'name', text: check.name }),
        h('span', { class: 'inline', text: compact(check.expected) }));
    }
    return h('li', { class: 'check check-fail' },
      h('span', { class: 'mark', text: '✗' }), h('span', { class: 'name', text: check.name }),
      h('div', { class: 'kv' },
        h('div', { class: 'exp' }, h('div', { class: 'label', text: t('expected') }), diffPre(check.expected, check.actual, 'exp')),
        h('div', { class: 'act' }, h('div', { class: 'label', text: t('actual') }), diffPre(check.actual, check.expected, 'act'))));
  }

  function turnView(turn) {
    var intent = turn.intent ? t('intent', turn.intent.kind) + (turn.intent.index !== undefined ? ' · ' + t('intentItem', turn.intent.index + 1) : '') : null;
    return h('section', { class: 'turn' + (turn.passed ? '' : ' turn-failed') },
      h('div', { class: 'turn-head' },
        h('span', { class: 'turn-no', text: t('turn', turn.index + 1) }),
        chip('route ' + turn.route, turn.route),
        intent ? chip(intent) : null,
        turn.network === 'offline' ? chip('offline', 'offline') : null,
        chip('→ ' + turn.stateAfter),
        turn.firstTtsMs !== null ? chip(t('firstTts', ms(turn.firstTtsMs))) : null,
        turn.passed ? null : h('span', { class: 'badge badge-fail', text: t('failedBadge') })),
      h('div', { class: 'msgs' }, inputView(turn.input), turn.tts.map(ttsView)),
      turn.batch ? batchView(turn.batch) : null,
      turn.saved.length > 0 ? savedView(turn.saved) : null,
      turn.llmCalls.length > 0 ? h('div', { class: 'block' }, turn.llmCalls.map(llmView)) : null,
      turn.checks.length > 0 ? h('div', { class: 'block' },
        h('div', { class: 'block-title', text: t('checks') }), h('ul', { class: 'checks' }, turn.checks.map(checkView))) : null);
  }

  function historyView(d) {
    var past = history[d.id];
    if (!past) return null;
    var when = function (iso) { return iso.replace('T', ' ').replace(/:\d\d\.\d+Z$/, 'Z'); };
    return h('span', { class: 'history-note' },
      past.lastPassed ? t('lastPassed', when(past.lastPassed)) : t('neverPassed'), ' · ', t('failingSince', when(past.firstFailed)));
  }

  function bodyView(d) {
    var info = h('div', { class: 'dlg-info' },
      h('span', { class: 'mono', text: d.file }),
      h('span', { text: t('turns', d.turnCount) }),
      d.runs > 1 ? h('span', { text: t('runs', d.runsPassed + '/' + d.runs) }) : null,
      d.failedChecks > 0 ? h('span', { class: 'txt-fail', text: t('failedChecks', d.failedChecks) }) : null,
      historyView(d));
    if (d.turns.length === 0) {
      return [info, h('p', { class: 'note', text: t('notRecorded') })];
    }
    return [info, d.turns.map(turnView)];
  }

  function dialogueView(d) {
    var body = h('div', { class: 'dlg-body', hidden: true });
    var head = h('button', { class: 'dlg-head', type: 'button', 'aria-expanded': 'false' },
      h('span', { class: 'badge ' + (d.passed ? 'badge-pass' : 'badge-fail'), text: d.passed ? t('pass') : t('fail') }),
      h('span', { class: 'dlg-id', text: d.id }),
      h('span', { class: 'dlg-title', text: d.title, title: d.title }),
      h('span', { class: 'dlg-meta' },
        d.tags.map(function (tag) { return h('span', { class: 'tag', text: tag }); }),
        d.failedChecks > 0 ? h('span', { class: 'txt-fail', text: t('failedChecks', d.failedChecks) }) : null,
        d.runs > 1 ? h('span', { text: t('runsShort', d.runsPassed + '/' + d.runs) }) : null,
        h('span', { text: t('turns', d.turnCount) }),
        h('span', { class: 'chev', 'aria-hidden': 'true', text: '›' })));
    var card = h('article', { class: 'dlg ' + (d.passed ? 'is-pass' : 'is-fail'), id: 'd-' + d.id, 'data-status': d.passed ? 'passed' : 'failed' }, head, body);
    var rendered = false;
    function setOpen(open) {
      if (open && !rendered) { add(body, bodyView(d)); rendered = true; }
      body.hidden = !open;
      head.setAttribute('aria-expanded', String(open));
      card.classList.toggle('open', open);
    }
    head.addEventListener('click', function () { setOpen(body.hidden); });
    return { d: d, card: card, setOpen: setOpen, haystack: (d.id + ' ' + d.title).toLowerCase() };
  }

  function matches(e) {
    if (state.status === 'passed' && !e.d.passed) return false;
    if (state.status === 'failed' && e.d.passed) return false;
    if (state.tag && e.d.tags.indexOf(state.tag) < 0) return false;
    if (state.slice && !inSlice(e.d, state.slice)) return false;
    var q = state.query.trim().toLowerCase();
    return !q || e.haystack.indexOf(q) >= 0;
  }

  var shownEl = h('span', { class: 'shown', 'aria-live': 'polite' });
  var emptyEl = h('div', { class: 'empty', hidden: true, text: t('none') });
  var statusButtons = [];
  var sliceName = h('span');
  var sliceClear = h('button', { type: 'button', class: 'link-btn', 'aria-label': t('clearSlice'), text: '×' });
  var sliceEl = h('span', { class: 'chip chip-llm', id: 'slice-filter', hidden: true }, sliceName, ' ', sliceClear);
  sliceClear.addEventListener('click', function () { state.slice = null; applyFilters(); });

  function applyFilters() {
    var shown = 0;
    entries.forEach(function (e) { var ok = matches(e); e.card.hidden = !ok; if (ok) shown++; });
    statusButtons.forEach(function (b) { b.setAttribute('aria-pressed', String(b.getAttribute('data-filter') === state.status)); });
    shownEl.textContent = t('shown', shown + ' / ' + entries.length);
    sliceEl.hidden = !state.slice;
    sliceName.textContent = state.slice ? t('slice', state.slice.id) : '';
    emptyEl.hidden = shown > 0;
  }

  function toolbar(dialogues) {
    var failed = dialogues.filter(function (d) { return !d.passed; }).length;
    var seg = h('div', { class: 'segmented', role: 'group', 'aria-label': t('statusFilter') });
    [['all', t('all'), dialogues.length], ['failed', t('failed'), failed], ['passed', t('passed'), dialogues.length - failed]].forEach(function (f) {
      var b = h('button', { type: 'button', 'data-filter': f[0], 'aria-pressed': 'false' }, f[1], h('span', { class: 'n', text: String(f[2]) }));
      b.addEventListener('click', function () { state.status = f[0]; applyFilters(); });
      statusButtons.push(b);
      seg.appendChild(b);
    });
    var tags = [];
    dialogues.forEach(function (d) { d.tags.forEach(function (t) { if (tags.indexOf(t) < 0) tags.push(t); }); });
    tags.sort();
    var select = h('select', { 'aria-label': t('tagFilter'), id: 'tag-filter' },
      h('option', { value: '', text: t('allTags') }), tags.map(function (t) { return h('option', { value: t, text: t }); }));
    select.addEventListener('change', function () { state.tag = select.value; applyFilters(); });
    var search = h('input', { type: 'search', placeholder: t('search'), 'aria-label': t('searchLabel'), id: 'search' });
    search.addEventListener('input', function () { state.query = search.value; applyFilters(); });
    var expand = h('button', { type: 'button', class: 'link-btn', text: t('expand') });
    expand.addEventListener('click', function () { entries.forEach(function (e) { if (!e.card.hidden) e.setOpen(true); }); });
    var collapse = h('button', { type: 'button', class: 'link-btn', text: t('collapse') });
    collapse.addEventListener('click', function () { entries.forEach(function (e) { e.setOpen(false); }); });
    return h('div', { class: 'toolbar' }, seg, tags.length > 0 ? select : null, search, sliceEl, expand, collapse, shownEl);
  }

  function revealSlice() {
    var slice;
    try { slice = parseSlice(decodeURIComponent(location.hash.slice(3))); } catch (e) { return; }
    if (!slice) return;
    state.status = 'all'; state.slice = slice;
    applyFilters();
    root.scrollIntoView({ block: 'start' });
  }

  function reveal() {
    if (location.hash.indexOf('#s-') === 0) { revealSlice(); return; }
    if (location.hash.indexOf('#d-') !== 0) return;
    var id;
    try { id = decodeURIComponent(location.hash.slice(3)); } catch (e) { return; }
    var entry = entries.filter(function (e) { return e.d.id === id; })[0];
    if (!entry) return;
    state.status = 'all'; state.tag = ''; state.query = ''; state.slice = null;
    var select = document.getElementById('tag-filter'); if (select) select.value = '';
    var search = document.getElementById('search'); if (search) search.value = '';
    applyFilters();
    entry.setOpen(true);
    entry.card.scrollIntoView({ block: 'start' });
  }

  var list = h('div', { id: 'dialogue-list' });
  entries = report.dialogues.map(dialogueView);
  entries.forEach(function (e) { list.appendChild(e.card); });
  root.appendChild(toolbar(report.dialogues));
  root.appendChild(list);
  root.appendChild(emptyEl);
  var failing = entries.filter(function (e) { return !e.d.passed; });
  // A handful of failures open by default: that is what the reader came for.
  if (failing.length <= 10) failing.forEach(function (e) { e.setOpen(true); });
  applyFilters();
  window.addEventListener('hashchange', reveal);
  reveal();
` +
  CLIENT_SORT_JS +
  `})();
`;
