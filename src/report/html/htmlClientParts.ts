/**
 * Pieces of the report page's script (see htmlClient.ts; same rules: plain ES2017, no innerHTML,
 * no backticks or dollar-brace). Each defines functions inside the page script's closure.
 */
import { SHARED_WORDS } from '../words/sharedWords.js';
import { LANGS, punctuation, SIDE, type Words } from '../words/wording.js';

/** The page script's words in English and Chinese; its t(key, n) fills {0}, and {0:item|items} by whether n is 1 (as words/wording.ts does). */
export const CLIENT_WORDS = {
  user: ['User', '用户'],
  app: ['App (TTS)', '应用（播报）'],
  taps: ['Taps “{0}”', '点按“{0}”'],
  advances: ['Time advances {0} ms', '时间前进 {0} 毫秒'],
  draftBatch: ['Draft batch', '草稿批次'],
  items: SHARED_WORDS.items,
  idx: ['Item', '第几笔'],
  intentItem: ['item {0}', '第{0}笔'],
  status: ['Status', '状态'],
  amount: ['Amount', '金额'],
  type: ['Type', '类型'],
  category: ['Category', '分类'],
  description: ['Description', '描述'],
  saved: ['Saved {0} {0:record|records}', '已保存 {0} 条'],
  request: ['Request', '请求'],
  response: ['Response', '回答'],
  expected: ['expected', '期望'],
  actual: ['actual', '实际'],
  turn: ['Turn {0}', '第 {0} 轮'],
  checks: SHARED_WORDS.checks,
  failedBadge: SHARED_WORDS.failedCaps,
  pass: ['PASS', '通过'],
  fail: ['FAIL', '失败'],
  turns: ['{0} {0:turn|turns}', '{0} 轮'],
  failedChecks: SHARED_WORDS.failedChecks,
  runs: ['passed {0} runs', '{0} 次运行通过'],
  runsShort: ['{0} runs', '{0} 次运行'],
  tokens: ['{0} tokens', '{0} 词元'],
  intent: ['intent {0}', '意图 {0}'],
  notRecorded: ['Transcript not recorded for this dialogue (passing dialogues are sampled).', '此对话未记录完整过程（通过的对话只抽样记录）。'],
  all: ['All', '全部'],
  failed: SHARED_WORDS.failed,
  passed: SHARED_WORDS.passed,
  allTags: ['All tags', '全部标签'],
  search: ['Search id or title…', '搜索编号或标题…'],
  expand: ['Expand all', '全部展开'],
  collapse: ['Collapse all', '全部收起'],
  shown: ['{0} shown', '显示 {0}'],
  none: ['No dialogue matches these filters.', '没有符合筛选条件的对话。'],
  statusFilter: ['Status filter', '状态筛选'],
  tagFilter: ['Tag filter', '标签筛选'],
  searchLabel: ['Search dialogues', '搜索对话'],
  slice: ['Slice: {0}', '切片：{0}'],
  clearSlice: ['Show all slices', '显示全部切片'],
  lastPassed: SHARED_WORDS.lastPassed,
  neverPassed: SHARED_WORDS.neverPassed,
  failingSince: SHARED_WORDS.failingSince,
  firstTts: ['first TTS {0}', '首句播报 {0}'],
  route: ['route {0}', '路由 {0}'],
} as const satisfies Record<string, Words>;

/** Each language's side of a row and the locale it sorts by, as the page script reads them (it cannot import words/wording.ts). */
const LANGUAGES_JS = JSON.stringify(Object.fromEntries(LANGS.map((lang) => [lang, { side: SIDE[lang], locale: punctuation(lang).locale }])));

export const CLIENT_LABELS_JS =
  String.raw`
  var LABELS = ` +
  JSON.stringify(CLIENT_WORDS) +
  String.raw`;
  var LANGUAGES = ` +
  LANGUAGES_JS +
  String.raw`;
  var language = Object.prototype.hasOwnProperty.call(LANGUAGES, view.lang) ? LANGUAGES[view.lang] : LANGUAGES.en;
  var locale = language.locale;
  function t(key, arg) {
    var pair = LABELS[key];
    var text = pair ? pair[language.side] : key;
    var counted = text.replace(/\{0:([^|{}]*)\|([^{}]*)\}/g, function (_, one, many) { return arg === 1 ? one : many; });
    return counted.replace('{0}', arg === undefined ? '' : String(arg));
  }
`;

/**
 * Expected and actual as indented JSON, the lines whose value differs from the other side inside
 * a mark. Expectations are partial, so a field the actual has and the expectation does not name
 * is not a difference.
 */
export const CLIENT_DIFF_JS = String.raw`
  function same(a, b) { return compact(a) === compact(b); }
  function isObj(v) { return v !== null && typeof v === 'object' && !Array.isArray(v); }
  function jsonLines(value, other, side, indent, prefix, suffix, out) {
    var pad = new Array(indent + 1).join('  ');
    var objects = isObj(value) && isObj(other);
    var arrays = Array.isArray(value) && Array.isArray(other);
    if ((objects || arrays) && !same(value, other)) {
      var keys = arrays ? value.map(function (_, i) { return i; }) : Object.keys(value);
      out.push({ pad: pad, text: prefix + (arrays ? '[' : '{'), diff: false });
      keys.forEach(function (k, i) {
        var unnamed = side === 'act' && objects && !Object.prototype.hasOwnProperty.call(other, k);
        jsonLines(value[k], unnamed ? value[k] : other[k], side, indent + 1, arrays ? '' : JSON.stringify(k) + ': ', i < keys.length - 1 ? ',' : '', out);
      });
      out.push({ pad: pad, text: (arrays ? ']' : '}') + suffix, diff: false });
      return;
    }
    var lines = json(value).split('\n');
    var differs = !same(value, other);
    lines.forEach(function (line, i) {
      out.push({ pad: pad, text: (i === 0 ? prefix : '') + line + (i === lines.length - 1 ? suffix : ''), diff: differs });
    });
  }
  function diffPre(value, other, side) {
    var out = [];
    jsonLines(value, other, side, 0, '', '', out);
    var pre = h('pre');
    out.forEach(function (line, i) {
      add(pre, line.pad);
      add(pre, line.diff ? h('mark', { class: 'diff', text: line.text }) : line.text);
      if (i < out.length - 1) add(pre, '\n');
    });
    return pre;
  }
`;

/** Click a column heading of a table.sortable-by-js to sort it; numbers by data-sort, text by locale. */
export const CLIENT_SORT_JS = String.raw`
  function sortable(table) {
    if (!table) return;
    var heads = Array.prototype.slice.call(table.querySelectorAll('thead th'));
    heads.forEach(function (th, col) {
      var button = th.querySelector('button.sort');
      if (!button) return;
      button.addEventListener('click', function () {
        var ascending = th.getAttribute('aria-sort') !== 'ascending';
        heads.forEach(function (other) { other.setAttribute('aria-sort', 'none'); });
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        var numeric = th.getAttribute('data-type') === 'number';
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = a.cells[col].getAttribute('data-sort') || '';
          var y = b.cells[col].getAttribute('data-sort') || '';
          var order = numeric ? Number(x) - Number(y) : x.localeCompare(y, locale);
          return ascending ? order : -order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  }
  sortable(document.getElementById('slice-table'));
`;

/** Slice membership as the report computes it (src/report/model/slices.ts): feature, seed, scenario tag, or file. */
export const CLIENT_SLICE_JS = String.raw`
  function inSlice(d, slice) {
    if (slice.kind === 'file') return d.file === slice.name;
    if (slice.kind === 'scenario') return d.tags.indexOf('scenario:' + slice.name) >= 0;
    return d.tags.indexOf(slice.name) >= 0;
  }
  function parseSlice(id) {
    var colon = id.indexOf(':');
    return colon < 0 ? null : { kind: id.slice(0, colon), name: id.slice(colon + 1), id: id };
  }
`;
