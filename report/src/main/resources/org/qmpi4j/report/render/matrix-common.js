/*
 * Shared by both views of matrix.html (matrix-table.js, matrix-canvas.js). MatrixHtml inlines this
 * file and then one view's file into a single function scope of the page, so these declarations
 * are private to the page's script.
 *
 * The colour scale is not written here: the page carries it as data (<script id="heat-scale">,
 * written by the Java class HeatScale, which also colours the cells of the page and of matrix.svg), and
 * colour() below only evaluates it, so that the script repaints with exactly the server's colours.
 */
var scale = JSON.parse(document.getElementById('heat-scale').textContent);
var tip = document.getElementById('tip');

/** Bytes in binary units, as Units.bytes in Java: 512 B, 1.5 KiB, ... */
function units(b) {
  var u = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'], i = 0;
  while (b >= 1024 && i < u.length - 1) { b /= 1024; i++; }
  return (i === 0 ? b : b.toFixed(1)) + ' ' + u[i];
}

/** 12, 4.1k, 3.2M: short enough for a cell (as MatrixHtml.compact in Java). */
function compact(v) {
  var s = ['', 'k', 'M', 'G', 'T', 'P'], i = 0;
  while (v >= 1000 && i < s.length - 1) { v /= 1000; i++; }
  return i === 0 ? String(v) : (v < 10 ? v.toFixed(1) : v.toFixed(0)) + s[i];
}

/** [css colour, whether text on it should be white] for v on the scale up to max. */
function colour(v, max) {
  if (v <= 0 || max <= 0) { return [scale.empty, false]; }
  var t = scale.floor + (1 - scale.floor) * Math.log1p(v) / Math.log1p(max), c = '#';
  for (var k = 0; k < 3; k++) {
    var x = Math.round(scale.low[k] + (scale.high[k] - scale.low[k]) * t);
    c += (x < 16 ? '0' : '') + x.toString(16);
  }
  return [c, t > scale.darkAbove];
}

/** The hover box: text, placed beside the pointer of mouse event e. */
function showTip(e, text) {
  tip.textContent = text;
  tip.style.left = (e.clientX + 14) + 'px';
  tip.style.top = (e.clientY + 14) + 'px';
  tip.hidden = false;
}

function hideTip() { tip.hidden = true; }

/** The hover box's text for one pair. */
function pairText(from, to, bytes, messages) {
  return 'rank ' + from + ' \u2192 rank ' + to + ': ' + units(bytes) + ' in ' + messages
      + (messages === 1 ? ' message' : ' messages');
}

/** Calls paint(metric) with 'bytes' or 'messages' whenever the switch changes. */
function onMetricChange(paint) {
  var radios = document.querySelectorAll('input[name=metric]');
  for (var r = 0; r < radios.length; r++) {
    radios[r].addEventListener('change', function (e) { paint(e.target.value); });
  }
}

function showLegendMax(metric, max) {
  document.getElementById('legend-max').textContent = metric === 'bytes' ? units(max) : max + ' messages';
}
