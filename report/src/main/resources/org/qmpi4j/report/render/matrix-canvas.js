/*
 * The canvas view of matrix.html (above MatrixHtml.TABLE_MAX_RANKS ranks, where a table would weigh
 * hundreds of megabytes): draws the non-empty cells that the page carries as data
 * (<script id="matrix-data">, [from, to, bytes, messages] each; with data-unit="u" > 1, each entry
 * is a block of u x u ranks, numbered in blocks). The view is a square of ranks: the whole matrix
 * first; with more ranks in it than the canvas has pixels (data-max-px), each drawn cell is a block
 * of ranks holding the sums of its pairs, coloured on the scale up to the largest block in view.
 * A click zooms into the block under the pointer; "zoom out" and "whole matrix" go back. The hover
 * box shows the pair's (or the block's) bytes and messages. Uses matrix-common.js.
 *
 * matrix.html#zoom=row,col,span opens that square of ranks (a link to a detail).
 *
 * Marks <body> for tests: data-cells (N x N), data-block (ranks per drawn cell), data-drawn (non-empty
 * drawn cells), data-view ("row0,col0,span") and data-matrix-box ("x,y,w,h" of the drawn cells in the
 * page, as for the table).
 */
var canvas = document.getElementById('matrix');
var n = Number(canvas.getAttribute('data-ranks'));
var unit = Number(canvas.getAttribute('data-unit')) || 1;
var maxPx = Number(canvas.getAttribute('data-max-px'));
var raw = JSON.parse(document.getElementById('matrix-data').textContent);
// Columns of typed arrays: a few MB even for a million pairs, and fast to scan on every repaint.
var count = raw.length;
var from = new Int32Array(count), to = new Int32Array(count);
var bytesOf = new Float64Array(count), messagesOf = new Float64Array(count);
for (var k = 0; k < count; k++) {
  from[k] = raw[k][0] * unit; to[k] = raw[k][1] * unit; bytesOf[k] = raw[k][2]; messagesOf[k] = raw[k][3];
}
raw = null;

var metric = 'bytes';
var view = {row: 0, col: 0, span: n};   // the square of ranks shown
var history = [];
var grid = null;                        // the drawn cells of the current view

/** Ranks per drawn cell for a span: enough that the cells fit the canvas, a multiple of unit. */
function blockFor(span) {
  var b = Math.max(1, Math.ceil(span / maxPx));
  return Math.ceil(b / unit) * unit;
}

/** Sums the pairs inside the view into cells of block x block ranks. */
function aggregate() {
  var b = blockFor(view.span), cells = Math.ceil(view.span / b);
  var by = new Float64Array(cells * cells), msg = new Float64Array(cells * cells);
  var r0 = view.row, c0 = view.col, r1 = r0 + view.span, c1 = c0 + view.span;
  for (var k = 0; k < count; k++) {
    var i = from[k], j = to[k];
    if (i < r0 || i >= r1 || j < c0 || j >= c1) { continue; }
    var at = Math.floor((i - r0) / b) * cells + Math.floor((j - c0) / b);
    by[at] += bytesOf[k];
    msg[at] += messagesOf[k];
  }
  var px = Math.max(1, Math.floor(maxPx / cells));
  return {block: b, cells: cells, px: px, bytes: by, messages: msg};
}

function paint() {
  var values = metric === 'bytes' ? grid.bytes : grid.messages, max = 0, drawn = 0;
  for (var k = 0; k < values.length; k++) { if (values[k] > max) { max = values[k]; } }
  var side = grid.cells * grid.px;
  if (canvas.width !== side) { canvas.width = side; canvas.height = side; }
  var g = canvas.getContext('2d');
  g.fillStyle = scale.empty;
  g.fillRect(0, 0, side, side);
  for (var at = 0; at < values.length; at++) {
    if (values[at] > 0) {
      g.fillStyle = colour(values[at], max)[0];
      g.fillRect((at % grid.cells) * grid.px, Math.floor(at / grid.cells) * grid.px, grid.px, grid.px);
      drawn++;
    }
  }
  showLegendMax(metric, max);
  document.getElementById('legend-min').textContent = grid.block > 1 ? '0 (block of ' + grid.block + '\u00d7' + grid.block + ' ranks)' : '0';
  var r = canvas.getBoundingClientRect();
  document.body.setAttribute('data-block', String(grid.block));
  document.body.setAttribute('data-drawn', String(drawn));
  document.body.setAttribute('data-view', view.row + ',' + view.col + ',' + view.span);
  document.body.setAttribute('data-matrix-box', [r.left + canvas.clientLeft + window.scrollX,
    r.top + canvas.clientTop + window.scrollY, side, side].map(Math.round).join(','));
}

function show() {
  grid = aggregate();
  paint();
  var whole = view.span >= n;
  document.getElementById('zoom-out').disabled = history.length === 0;
  document.getElementById('zoom-all').disabled = whole;
  document.getElementById('zoom-where').textContent = whole ? '' : 'ranks ' + view.row + '\u2013'
      + (Math.min(n, view.row + view.span) - 1) + ' \u2192 ' + view.col + '\u2013' + (Math.min(n, view.col + view.span) - 1);
}

/** The drawn cell under mouse event e: its first row and column rank, or null outside. */
function cellAt(e) {
  var r = canvas.getBoundingClientRect();
  var x = Math.floor((e.clientX - r.left) / grid.px), y = Math.floor((e.clientY - r.top) / grid.px);
  if (x < 0 || y < 0 || x >= grid.cells || y >= grid.cells) { return null; }
  var i = view.row + y * grid.block, j = view.col + x * grid.block;
  if (i >= n || j >= n) { return null; }
  return {x: x, y: y, row: i, col: j};
}

function range(first, block) {
  var last = Math.min(n, first + block) - 1;
  return first === last ? 'rank ' + first : 'ranks ' + first + '\u2013' + last;
}

canvas.addEventListener('mousemove', function (e) {
  var c = cellAt(e);
  if (!c) { hideTip(); return; }
  var at = c.y * grid.cells + c.x, b = grid.bytes[at], m = grid.messages[at];
  if (grid.block === 1) {
    showTip(e, pairText(c.row, c.col, b, m));
  } else {
    showTip(e, range(c.row, grid.block) + ' \u2192 ' + range(c.col, grid.block) + ': ' + units(b) + ' in ' + m
        + (m === 1 ? ' message' : ' messages') + ' (click to zoom in)');
  }
});
canvas.addEventListener('mouseleave', hideTip);
canvas.addEventListener('click', function (e) {
  var c = cellAt(e);
  if (!c || view.span <= Math.min(n, 32)) { return; }
  // Zoom so that the clicked block fills about an eighth of the canvas' side, centred on it.
  var span = Math.max(Math.min(n, 32), Math.ceil(view.span / 8));
  history.push({row: view.row, col: view.col, span: view.span});
  view = {
    row: Math.max(0, Math.min(n - span, c.row + Math.floor(grid.block / 2) - Math.floor(span / 2))),
    col: Math.max(0, Math.min(n - span, c.col + Math.floor(grid.block / 2) - Math.floor(span / 2))),
    span: span
  };
  hideTip();
  show();
});
document.getElementById('zoom-out').addEventListener('click', function () {
  if (history.length) { view = history.pop(); show(); }
});
document.getElementById('zoom-all').addEventListener('click', function () {
  history = []; view = {row: 0, col: 0, span: n}; show();
});
onMetricChange(function (m) { metric = m; paint(); });
var asked = /zoom=(\d+),(\d+),(\d+)/.exec(location.hash);
if (asked) {
  var span = Math.max(1, Math.min(n, Number(asked[3])));
  view = {row: Math.min(n - span, Number(asked[1])), col: Math.min(n - span, Number(asked[2])), span: span};
  if (span < n) { history.push({row: 0, col: 0, span: n}); }
}
show();
document.body.setAttribute('data-cells', String(n * n));
