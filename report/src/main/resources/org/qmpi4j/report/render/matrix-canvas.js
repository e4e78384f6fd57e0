/*
 * The canvas view of matrix.html (above MatrixHtml.TABLE_MAX_RANKS ranks, where a table would weigh
 * hundreds of megabytes): draws the non-empty cells that the page carries as data
 * (<script id="matrix-data">, [from, to, bytes, messages] each), with the same hover box and switch
 * as the table. Uses matrix-common.js. Marks <body data-cells> with N×N; tests read it.
 */
var canvas = document.getElementById('matrix');
var n = Number(canvas.getAttribute('data-ranks')), size = Number(canvas.getAttribute('data-cell'));
var data = JSON.parse(document.getElementById('matrix-data').textContent);
var byPair = new Map();
data.forEach(function (c) { byPair.set(c[0] * n + c[1], c); });

function paint(metric) {
  var g = canvas.getContext('2d'), at = metric === 'bytes' ? 2 : 3;
  var max = Number(canvas.getAttribute('data-max-' + metric));
  g.fillStyle = scale.empty;
  g.fillRect(0, 0, canvas.width, canvas.height);
  data.forEach(function (c) {
    if (c[at] > 0) { g.fillStyle = colour(c[at], max)[0]; g.fillRect(c[1] * size, c[0] * size, size, size); }
  });
  showLegendMax(metric, max);
}

canvas.addEventListener('mousemove', function (e) {
  var r = canvas.getBoundingClientRect();
  var i = Math.floor((e.clientY - r.top) / size), j = Math.floor((e.clientX - r.left) / size);
  var c = byPair.get(i * n + j) || [i, j, 0, 0];
  showTip(e, pairText(i, j, c[2], c[3]));
});
canvas.addEventListener('mouseleave', hideTip);
onMetricChange(paint);
paint('bytes');
document.body.setAttribute('data-cells', String(n * n));
