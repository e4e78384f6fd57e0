/*
 * Script of report.html (ReportHtml inlines it at the end of the page, in a function scope of its
 * own): draws the time-per-rank chart from the figures the page carries as data
 * (<script id="rank-data">, [rank, app ns, MPI ns, present] per rank, the same figures as the
 * table below it), one stacked bar per rank: time outside MPI on top of time in MPI, the bar's
 * height the rank's application time. The order switch redraws it by rank, by MPI time or by
 * load (time outside MPI), largest first; #order=mpi or #order=load in the address picks the first order. Marks <body data-report-bars="n"> when drawn; tests read it.
 * With many ranks (data-unit > 1 on the data) a bar is a block of consecutive ranks:
 * [first rank, mean app ns, mean MPI ns, ranks present, last rank, then rank and ns of the longest
 * app time, of the least MPI time and of the most MPI time], drawn as its means, with a vertical
 * line over the range of its MPI times and a tick at its longest application time.
 */
var data = document.getElementById('rank-data');
var ranks = JSON.parse(data.textContent);
var unit = Number(data.getAttribute('data-unit') || '1');
var chart = document.getElementById('rank-chart');
var SVG = 'http://www.w3.org/2000/svg';

/** Seconds with 3 significant digits and a unit, as Units.seconds in Java. */
function seconds(ns) {
  var s = ns / 1e9, a = Math.abs(s);
  if (a === 0) { return '0 s'; }
  if (a < 1e-3) { return (s * 1e6).toPrecision(3) + ' us'; }
  if (a < 1) { return (s * 1e3).toPrecision(3) + ' ms'; }
  return s.toPrecision(3) + ' s';
}

function el(name, attrs, parent) {
  var e = document.createElementNS(SVG, name);
  Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
  if (parent) { parent.appendChild(e); }
  return e;
}

/** The smallest of 1, 2, 2.5, 5 times a power of ten, times 4, at or above v: round axis ticks. */
function niceCeiling(v) {
  if (v <= 0) { return 0; }
  var step = v / 4, p = Math.pow(10, Math.floor(Math.log10(step))), f = step / p;
  return 4 * p * (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10);
}

function load(r) { return Math.max(0, r[1] - r[2]); }

/** App, MPI and outside-MPI time of a row (a rank's, or a block's means). */
function times(r) {
  var app = r[1], mpi = r[2];
  return 'app ' + seconds(app) + ', MPI ' + seconds(mpi) + ' (' + (app > 0 ? (100 * mpi / app).toFixed(2) : '0.00')
      + ' %), outside MPI ' + seconds(Math.max(0, app - mpi));
}

function blockTitle(r) {
  var head = 'ranks ' + r[0] + '-' + r[4] + ' (' + r[3] + ' of ' + (r[4] - r[0] + 1) + ' with data)';
  return r[3] ? head + ': mean ' + times(r) + '; longest app time ' + seconds(r[6]) + ' (rank ' + r[5]
      + '); MPI time from ' + seconds(r[8]) + ' (rank ' + r[7] + ') to ' + seconds(r[10]) + ' (rank ' + r[9] + ')' : head;
}

function draw(order) {
  var rows = ranks.slice();
  if (order === 'mpi') {
    rows.sort(function (a, b) { return b[2] - a[2] || a[0] - b[0]; });
  } else if (order === 'load') {
    rows.sort(function (a, b) { return load(b) - load(a) || a[0] - b[0]; });
  }
  var max = 0;
  rows.forEach(function (r) { max = Math.max(max, r[1], r[2], unit > 1 ? r[6] : 0, unit > 1 ? r[10] : 0); });
  max = niceCeiling(max);
  var n = rows.length, left = 64, bottom = 34, top = 8, height = 240;
  var width = Math.max(360, Math.min(1200, chart.clientWidth || 960));
  var slot = (width - left - 8) / Math.max(n, 1), bar = Math.max(1, Math.min(48, slot * 0.8));
  var svg = el('svg', {width: width, height: height + top + bottom, role: 'img',
    'aria-label': 'application and MPI time per rank'});
  // Axis: four grid lines with their times.
  for (var g = 0; g <= 4; g++) {
    var y = top + height - height * g / 4;
    el('line', {x1: left, x2: width - 4, y1: y, y2: y, 'class': 'grid'}, svg);
    el('text', {x: left - 6, y: y + 4, 'class': 'axis', 'text-anchor': 'end'}, svg).textContent = seconds(max * g / 4);
  }
  // A label every so many bars that labels of the widest rank number do not touch.
  var every = Math.ceil(n / Math.max(1, Math.floor((width - left) / (12 + 8 * String(n).length))));
  rows.forEach(function (r, i) {
    var x = left + i * slot + (slot - bar) / 2;
    var g = el('g', {'class': 'rank', 'data-rank': r[0], 'data-app-ns': r[1], 'data-mpi-ns': r[2]}, svg);
    el('title', {}, g).textContent = unit > 1 ? blockTitle(r) : 'rank ' + r[0] + (r[3] ? ': ' + times(r) : ': no data');
    var hm = max > 0 ? height * r[2] / max : 0, hl = max > 0 ? height * load(r) / max : 0;
    el('rect', {x: x, y: top + height - hm, width: bar, height: hm, 'class': 'mpi'}, g);
    el('rect', {x: x, y: top + height - hm - hl, width: bar, height: hl, 'class': 'load'}, g);
    if (!r[3]) {
      el('text', {x: x + bar / 2, y: top + height - 4, 'class': 'missing', 'text-anchor': 'middle'}, g).textContent = '?';
    }
    if (unit > 1 && r[3] && max > 0) {
      var y = function (ns) { return top + height - height * ns / max; };
      el('line', {x1: x, x2: x + bar, y1: y(r[6]), y2: y(r[6]), 'class': 'top'}, g);
      el('line', {x1: x + bar / 2, x2: x + bar / 2, y1: y(r[8]), y2: y(r[10]), 'class': 'range'}, g);
    }
    if (i % every === 0) {
      el('text', {x: x + bar / 2, y: top + height + 14, 'class': 'axis', 'text-anchor': 'middle'}, g)
          .textContent = String(r[0]);
    }
  });
  el('text', {x: left + (width - left) / 2, y: top + height + 30, 'class': 'axis', 'text-anchor': 'middle'}, svg)
      .textContent = (unit > 1 ? 'blocks of ' + unit + ' ranks, by first rank' : 'rank')
          + (order === 'rank' ? '' : order === 'mpi' ? ', ordered by MPI time' : ', ordered by time outside MPI');
  chart.textContent = '';
  chart.appendChild(svg);
  document.body.setAttribute('data-report-bars', String(n));
  document.body.setAttribute('data-report-unit', String(unit));
  document.body.setAttribute('data-rank-order', order);
}

var radios = document.querySelectorAll('input[name=rank-order]');
for (var i = 0; i < radios.length; i++) {
  radios[i].addEventListener('change', function (e) { draw(e.target.value); });
}
// A link can ask for an order: report.html#order=mpi or #order=load.
var asked = /order=(rank|mpi|load)/.exec(location.hash);
var initial = asked ? asked[1] : 'rank';
for (var k = 0; k < radios.length; k++) { radios[k].checked = radios[k].value === initial; }
draw(initial);
