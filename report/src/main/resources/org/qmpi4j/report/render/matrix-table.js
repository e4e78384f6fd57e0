/*
 * The table view of matrix.html (up to MatrixHtml.TABLE_MAX_RANKS ranks): the cells come coloured
 * from the server, so this only adds the hover box and the bytes/messages switch. Uses
 * matrix-common.js. Marks <body data-cells> with the number of cells it wired and data-matrix-box with
 * where they are ("x,y,w,h"); tests read them.
 */
var table = document.getElementById('matrix');
var cells = table.querySelectorAll('td.cell');
var labelled = table.hasAttribute('data-labels');

function paint(metric) {
  var max = Number(table.getAttribute('data-max-' + metric));
  for (var i = 0; i < cells.length; i++) {
    var v = Number(cells[i].getAttribute('data-' + metric));
    var c = colour(v, max);
    cells[i].style.background = c[0];
    cells[i].classList.toggle('dark', c[1]);
    if (labelled) { cells[i].textContent = v > 0 ? compact(v) : ''; }
  }
  showLegendMax(metric, max);
}

for (var i = 0; i < cells.length; i++) {
  var cell = cells[i];
  // The browser's own tooltip would show beside ours; it stays in the markup for scripts off.
  cell.setAttribute('data-title', cell.getAttribute('title'));
  cell.removeAttribute('title');
  cell.addEventListener('mousemove', function (e) {
    var c = e.currentTarget;
    showTip(e, pairText(c.getAttribute('data-from'), c.getAttribute('data-to'),
        Number(c.getAttribute('data-bytes')), Number(c.getAttribute('data-messages'))));
  });
  cell.addEventListener('mouseleave', hideTip);
}
onMetricChange(paint);
document.body.setAttribute('data-cells', String(cells.length));
// Where the cells are drawn (first to last cell), as the canvas view records it: tests locate cells in screenshots.
if (cells.length) {
  var a = cells[0].getBoundingClientRect(), z = cells[cells.length - 1].getBoundingClientRect();
  document.body.setAttribute('data-block', '1');
  document.body.setAttribute('data-matrix-box', [a.left + window.scrollX, a.top + window.scrollY,
    z.right - a.left, z.bottom - a.top].map(Math.round).join(','));
}
