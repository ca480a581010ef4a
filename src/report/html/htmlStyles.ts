/** Inline stylesheet of the HTML report. */
export const REPORT_CSS = `
:root {
  --bg: #f4f5f7; --surface: #ffffff; --sunken: #f8f9fb; --border: #e2e5ea; --border-strong: #cfd4dc;
  --text: #1d2433; --muted: #667085; --faint: #667085;
  --accent: #3356c8; --accent-soft: #eaf0ff;
  --pass: #16693e; --pass-soft: #e6f4ec; --fail: #b03a0a; --fail-soft: #fdede6;
  --warn: #8a4f06; --warn-soft: #fdf3e3; --info: #5a4bb8; --info-soft: #efedfb;
  --radius: 10px;
  --font: system-ui, -apple-system, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei",
    "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "WenQuanYi Micro Hei", Roboto, "Helvetica Neue", Arial, sans-serif;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Noto Sans Mono CJK SC", "Sarasa Mono SC", monospace;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--text); font: 14px/1.55 var(--font); }
code, pre, .mono { font-family: var(--mono); font-size: 12.5px; }
pre { margin: 0; white-space: pre-wrap; word-break: break-word; }
h1, h2, h3, h4 { margin: 0; font-weight: 600; letter-spacing: -0.005em; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
[hidden] { display: none !important; }
.wrap { max-width: 1180px; margin: 0 auto; padding: 0 24px; }
.muted { color: var(--muted); }
.txt-pass { color: var(--pass); }
.txt-fail { color: var(--fail); }

/* header */
.top { background: var(--surface); border-bottom: 1px solid var(--border); padding: 18px 0 14px; }
.eyebrow { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .08em; }
.verdict-row { display: flex; align-items: center; gap: 14px; margin-top: 8px; flex-wrap: wrap; }
.verdict { display: inline-flex; align-items: center; padding: 4px 12px; border-radius: 999px; font-weight: 600; font-size: 13px; }
.verdict-pass { background: var(--pass-soft); color: var(--pass); }
.verdict-fail { background: var(--fail-soft); color: var(--fail); }
h1 { font-size: 24px; }
.sub { margin: 6px 0 0; color: var(--muted); }
.sub code { background: var(--sunken); border: 1px solid var(--border); border-radius: 4px; padding: 0 4px; }
.run-info { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 10px 24px; margin: 18px 0 0; }
.run-info div { min-width: 0; }
.run-info dt { color: var(--faint); font-size: 11px; text-transform: uppercase; letter-spacing: .06em; }
.run-info dd { margin: 1px 0 0; overflow-wrap: anywhere; }

main.wrap { padding-top: 6px; padding-bottom: 60px; }
.section { margin-top: 30px; }
.section > h2, .panel h2 { font-size: 16px; margin-bottom: 10px; }
.section > .muted { margin: -4px 0 12px; }

/* totals */
.stats { margin-top: 14px; display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 14px; }
.stat, .card, .panel, .dlg, .tile { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); }
.stat { padding: 14px 16px; }
.stat-label { color: var(--muted); font-size: 12px; }
.stat-value { font-size: 26px; font-weight: 600; margin: 2px 0 6px; font-variant-numeric: tabular-nums; }
.stat-of { color: var(--faint); font-size: 16px; font-weight: 500; }
.stat-foot { color: var(--muted); font-size: 12px; margin-top: 4px; }
svg.bar { display: block; width: 100%; height: 12px; }
.bar-track { fill: #edf0f4; }
.bar-fill { fill: var(--accent); }
.bar-good .bar-fill { fill: var(--pass); }
.bar-bad .bar-fill { fill: var(--fail); }
.bar-baseline { stroke: var(--text); stroke-width: 2; }
.seg-pass { fill: var(--pass); }
.seg-fail { fill: #ef9a77; }

/* gate */
.panel { padding: 14px 18px; margin-top: 18px; border-left-width: 4px; }
.panel-fail { border-left-color: var(--fail); }
.panel-pass { border-left-color: var(--pass); }
.panel-quiet { border-left-color: var(--border-strong); color: var(--muted); }
.panel p { margin: 0; }
.panel h2 code { font-size: 12px; font-weight: 500; color: var(--muted); background: var(--sunken); border: 1px solid var(--border); border-radius: 4px; padding: 1px 6px; }
.findings { margin: 0; padding: 0; list-style: none; }
.findings li { padding: 4px 0; }
.findings li + li { border-top: 1px dashed var(--border); }
.what-broke { margin-top: 18px; margin-bottom: 18px; }
.behaviours { margin: 0; padding: 0; list-style: none; }
.behaviours li { padding: 6px 0; display: grid; grid-template-columns: 3.5em 1fr; gap: 2px 10px; }
.behaviours li + li { border-top: 1px dashed var(--border); }
.behaviours .n { grid-row: span 2; font-size: 20px; font-weight: 700; color: var(--fail); text-align: right; }
.behaviours .example { color: var(--muted); font-size: 13px; overflow-wrap: anywhere; }
.knock-on { margin: 4px 0 0; font-size: 12px; color: var(--muted); font-style: italic; }

/* metric cards */
/* 128 px: eight columns at 1280 px, so up to 16 metrics fit two rows and every metric is on the first screen. */
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(128px, 1fr)); gap: 10px; }
@media (max-width: 480px) { .cards { grid-template-columns: 1fr; } }
.card { padding: 10px 10px 8px; display: flex; flex-direction: column; gap: 6px; min-width: 0; }
/* The change badge wraps under the title when both do not fit: it never spills out of the card nor squeezes the title to a character a line. */
.card-head { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: 4px 8px; }
/* A long badge ("-0.2 pp, not significant") wraps inside the card rather than running past its edge. */
.card-head .delta { margin-left: auto; max-width: 100%; white-space: normal; border-radius: 8px; }
.card h3 { font-size: 13px; color: var(--muted); font-weight: 600; }
.card .desc { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.score { font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums; line-height: 1.2; }
.metric-bad .score { color: var(--fail); }
.score-na { color: var(--faint); }
.na { margin: 0; color: var(--faint); font-size: 12px; }
.delta { font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 999px; white-space: nowrap; }
.delta-regression { color: var(--fail); background: var(--fail-soft); }
.delta-improvement { color: var(--pass); background: var(--pass-soft); }
.delta-none { color: var(--muted); background: var(--sunken); font-weight: 500; }
.desc { margin: 4px 0 0; color: var(--muted); font-size: 12.5px; }
.counts { display: flex; flex-wrap: wrap; gap: 4px 14px; margin: 2px 0 0; font-size: 12px; }
.counts div { display: flex; gap: 4px; }
.counts dt { color: var(--faint); }
.counts dd { margin: 0; font-variant-numeric: tabular-nums; }
details.raw summary { cursor: pointer; color: var(--muted); font-size: 12px; }
details.raw pre { background: var(--sunken); border: 1px solid var(--border); border-radius: 6px; padding: 8px; margin-top: 6px; max-height: 260px; overflow: auto; }

/* routing + latency */
.split { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(420px, 100%), 1fr)); gap: 0 28px; align-items: start; }
.table-scroll { overflow-x: auto; }
table { border-collapse: collapse; }
.confusion, .figures { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); overflow: hidden; font-variant-numeric: tabular-nums; }
.confusion th, .confusion td, .figures th, .figures td { padding: 8px 14px; text-align: center; border-bottom: 1px solid var(--border); }
.confusion th, .figures th { font-weight: 600; color: var(--muted); font-size: 12.5px; background: var(--sunken); }
.confusion tr > th:first-child, .figures tr > th:first-child { text-align: left; }
.confusion .corner { font-weight: 500; color: var(--faint); }
.cm-hit { background: rgba(27, 127, 75, var(--a, 0)); }
.cm-miss { background: rgba(194, 65, 12, var(--a, 0)); }
.cm-zero { color: var(--faint); }
.cm-acc { color: var(--muted); }
.tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 12px; margin-bottom: 12px; }
.tile { padding: 10px 14px; }
.tile-label { color: var(--muted); font-size: 12px; }
.tile-value { font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; }
.tile-value small, .figures small { color: var(--faint); font-weight: 500; }

/* dialogue toolbar */
.toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; margin-bottom: 12px; position: sticky; top: 0; z-index: 2;
  background: var(--bg); padding: 10px 0; }
.segmented { display: inline-flex; background: var(--surface); border: 1px solid var(--border); border-radius: 8px; padding: 2px; }
.segmented button { border: 0; background: transparent; font: inherit; padding: 5px 12px; border-radius: 6px; cursor: pointer; color: var(--muted); }
.segmented button[aria-pressed="true"] { background: var(--accent-soft); color: var(--accent); font-weight: 600; }
.segmented .n { margin-left: 4px; font-size: 12px; }
.toolbar select, .toolbar input[type="search"] { font: inherit; border: 1px solid var(--border); border-radius: 8px; padding: 6px 10px; background: var(--surface); color: var(--text); }
/* A long option (a scenario name) must not widen the page on a phone. */
.toolbar select { max-width: 100%; min-width: 0; }
.toolbar input[type="search"] { min-width: 240px; flex: 1 1 240px; }
.toolbar .link-btn { border: 0; background: none; color: var(--accent); font: inherit; cursor: pointer; padding: 4px 6px; }
.shown { color: var(--muted); font-size: 12.5px; margin-left: auto; }
.empty { padding: 30px; text-align: center; color: var(--muted); background: var(--surface); border: 1px dashed var(--border-strong); border-radius: var(--radius); }

/* dialogue cards */
.dlg { margin-bottom: 10px; overflow: hidden; }
.dlg.is-fail { border-left: 3px solid var(--fail); }
.dlg.is-pass { border-left: 3px solid var(--pass); }
.dlg-head { display: grid; grid-template-columns: auto auto 1fr auto; align-items: center; gap: 12px; width: 100%; padding: 12px 16px;
  border: 0; background: none; font: inherit; color: inherit; text-align: left; cursor: pointer; }
.dlg-head:hover { background: var(--sunken); }
.dlg-head:focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
.dlg-id { font-family: var(--mono); font-size: 12.5px; color: var(--muted); }
.dlg-title { font-weight: 600; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.dlg-meta { color: var(--muted); font-size: 12.5px; white-space: nowrap; display: flex; gap: 6px; align-items: center; }
.chev { display: inline-block; transition: transform .15s; color: var(--faint); }
.dlg.open .chev { transform: rotate(90deg); }
.badge { display: inline-block; font-size: 11px; font-weight: 700; letter-spacing: .04em; padding: 2px 8px; border-radius: 999px; }
.badge-pass { background: var(--pass-soft); color: var(--pass); }
.badge-fail { background: var(--fail-soft); color: var(--fail); }
.tag { display: inline-block; font-size: 11.5px; padding: 1px 7px; border-radius: 4px; background: var(--sunken); border: 1px solid var(--border); color: var(--muted); }
.dlg-body { border-top: 1px solid var(--border); padding: 14px 16px 16px; background: #fcfcfd; }
.dlg-info { display: flex; flex-wrap: wrap; gap: 6px 16px; color: var(--muted); font-size: 12.5px; margin-bottom: 12px; }
.note { color: var(--muted); font-style: italic; }

/* transcript */
.turn { position: relative; padding: 12px 14px 12px 16px; border: 1px solid var(--border); border-radius: var(--radius); background: var(--surface); }
.turn + .turn { margin-top: 10px; }
.turn-failed { border-color: #f1c4b1; box-shadow: inset 3px 0 0 var(--fail); }
.turn-head { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin-bottom: 10px; }
.turn-no { font-weight: 700; margin-right: 4px; }
.chip { display: inline-block; font-size: 11.5px; padding: 1px 8px; border-radius: 999px; background: var(--sunken); border: 1px solid var(--border); color: var(--muted); white-space: nowrap; }
.chip-local { background: var(--pass-soft); border-color: transparent; color: var(--pass); }
.chip-llm { background: var(--info-soft); border-color: transparent; color: var(--info); }
.chip-fallback, .chip-offline, .chip-warn { background: var(--warn-soft); border-color: transparent; color: var(--warn); }
.chip-bad { background: var(--fail-soft); border-color: transparent; color: var(--fail); }
.msgs { display: flex; flex-direction: column; gap: 6px; }
.msg { display: flex; flex-direction: column; max-width: 78%; }
.msg .who { font-size: 11px; color: var(--faint); margin: 0 4px 2px; }
.msg .bubble { padding: 8px 12px; border-radius: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.msg-user { align-self: flex-end; align-items: flex-end; }
.msg-user .bubble { background: var(--accent); color: #fff; border-bottom-right-radius: 4px; }
.msg-app { align-self: flex-start; }
.msg-app .bubble { background: #eef1f5; border-bottom-left-radius: 4px; }
.event { align-self: center; font-size: 12.5px; color: var(--muted); background: var(--sunken); border: 1px dashed var(--border-strong); border-radius: 999px; padding: 2px 12px; }
.block { margin-top: 10px; }
.block-title { font-size: 11.5px; font-weight: 600; color: var(--faint); text-transform: uppercase; letter-spacing: .06em; margin-bottom: 4px; }
.batch { border: 1px solid var(--border); border-radius: 8px; overflow: hidden; }
.batch table { width: 100%; font-size: 13px; }
.batch th, .batch td { padding: 6px 10px; text-align: left; border-bottom: 1px solid var(--border); }
.batch tr:last-child td { border-bottom: 0; }
.batch th { background: var(--sunken); color: var(--muted); font-weight: 600; font-size: 12px; }
.batch td.amount { font-variant-numeric: tabular-nums; font-weight: 600; white-space: nowrap; }
.batch tr.item-cancelled td:not(:nth-child(2)) { color: var(--faint); text-decoration: line-through; }
.st { display: inline-block; font-size: 11.5px; font-weight: 600; padding: 1px 8px; border-radius: 999px; }
.st-pending { background: var(--warn-soft); color: var(--warn); }
.st-confirmed { background: var(--pass-soft); color: var(--pass); }
.st-cancelled { background: #eef0f3; color: var(--muted); }
details.llm { border: 1px solid var(--border); border-radius: 8px; background: var(--surface); }
details.llm + details.llm { margin-top: 6px; }
details.llm summary { cursor: pointer; padding: 6px 10px; font-size: 12.5px; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
details.llm[open] summary { border-bottom: 1px solid var(--border); }
.llm-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; padding: 10px; }
.llm-grid pre, .kv pre { background: var(--sunken); border: 1px solid var(--border); border-radius: 6px; padding: 8px; max-height: 320px; overflow: auto; }
.llm-detail { padding: 0 10px 10px; color: var(--warn); font-size: 12.5px; }
.checks { list-style: none; margin: 0; padding: 0; }
.check { padding: 3px 0; }
.check .mark { display: inline-block; width: 18px; font-weight: 700; }
.check-pass .mark { color: var(--pass); }
.check-fail .mark { color: var(--fail); }
.check .name { font-weight: 600; }
.check .inline { color: var(--muted); font-family: var(--mono); font-size: 12px; margin-left: 6px; overflow-wrap: anywhere; }
.kv { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; margin: 6px 0 4px 18px; }
.kv .label { font-size: 11.5px; color: var(--muted); margin-bottom: 2px; }
.kv .exp pre { border-color: #bfe0cc; background: #f3faf6; }
.kv .act pre { border-color: #f1c4b1; background: #fff6f2; }
mark.diff { background: #ffe08a; color: inherit; border-radius: 3px; box-shadow: 0 0 0 1px #e0b400; }

/* plain words, trends, slices */
.plain { margin: 8px 0 0; font-size: 15px; max-width: 1000px; }
.plain-changed { font-weight: 600; }
.plain-noise { font-weight: 400; }
.how-sure { margin-top: 4px; font-size: 13px; }
.folds { display: flex; flex-wrap: wrap; gap: 0 20px; max-width: 1000px; }
.how-sure > summary { cursor: pointer; color: var(--muted); }
.prompt-diff { margin-top: 4px; font-size: 13px; }
.prompt-diff > summary { cursor: pointer; color: var(--muted); }
.prompt-diff pre { background: var(--sunken); border: 1px solid var(--border); border-radius: 6px; padding: 8px; max-height: 320px; overflow: auto; white-space: pre-wrap; }
.diff-add { color: var(--pass); }
.diff-del { color: var(--fail); }
.run-details { margin-top: 6px; }
.open-next { margin-top: 8px; font-size: 14px; color: var(--muted); }
.open-next a { font-weight: 600; white-space: nowrap; }
.run-details > summary { cursor: pointer; }
.score-row { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 0 8px; min-width: 0; }
.spark { font-size: 15px; letter-spacing: 1px; color: var(--accent); }
.trends { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 14px; }
.trend { margin: 0; background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 10px 14px; }
.trend figcaption { font-size: 13px; color: var(--muted); font-weight: 600; }
svg.trend-chart { display: block; width: 100%; height: 72px; }
.trend-val { font-size: 10px; fill: var(--text); font-variant-numeric: tabular-nums; }
.trend-top, .trend-floor { stroke: var(--border); stroke-dasharray: 3 3; }
.trend-line { fill: none; stroke: var(--accent); stroke-width: 2; }
.pt { fill: var(--surface); stroke: var(--accent); stroke-width: 2; }
.pt-now { fill: var(--accent); }
.trend-scale { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 2px 8px; font-size: 11px; color: var(--muted); }
.slice-scroll { max-height: 520px; overflow: auto; }
.slice-table th, .slice-table td { padding: 6px 10px; white-space: nowrap; }
.slice-table thead th { position: sticky; top: 0; }
.slice-table td.txt-fail { color: var(--fail); }
button.sort { border: 0; background: none; font: inherit; color: inherit; cursor: pointer; padding: 0; }
th[aria-sort="ascending"] button.sort::after { content: " ▲"; }
th[aria-sort="descending"] button.sort::after { content: " ▼"; }
.history-note { color: var(--warn); }
/* A linked transcript lands with its title below the sticky toolbar. */
[id^="d-"], [id^="f-"] { scroll-margin-top: 120px; }
.behaviours li.more-behaviours { display: block; }
.more-behaviours > details > summary { cursor: pointer; color: var(--muted); }
/* On a phone the verdict and the first behaviour that broke, with its example, stay on the first screen under a long headline. */
@media (max-width: 480px) {
  .top { padding: 12px 0 10px; }
  .verdict-row { margin-top: 4px; gap: 4px 10px; }
  h1 { font-size: 20px; }
  .plain { font-size: 14px; line-height: 1.45; margin-top: 6px; }
  .what-broke { margin-top: 12px; }
  .panel { padding: 10px 14px; }
}
@media (max-width: 760px) {
  /* On a phone the toolbar would take a quarter of the screen: it scrolls away with the page. */
  .toolbar { position: static; }
  [id^="d-"], [id^="f-"] { scroll-margin-top: 8px; }
  .llm-grid, .kv { grid-template-columns: 1fr; }
  .dlg-head { grid-template-columns: auto 1fr; }
  .msg { max-width: 95%; }
}
`;
