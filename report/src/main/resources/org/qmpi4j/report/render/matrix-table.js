/*
 * The table view of matrix.html (up to MatrixHtml.TABLE_MAX_RANKS ranks): the cells come coloured
 * from the server, so this only adds the hover box and the bytes/messages switch. Uses
 * matrix-common.js. Marks <body data-cells> with the number of cells it wired; tests read it.
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
