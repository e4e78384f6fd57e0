/*
 * First script of report.html (ReportHtml puts it in <head>): records every script error and
 * console.error of the page on <html data-errors="n"> and in a visible list at the end of the
 * page, so that a reader sees that something is missing and a test reading the rendered DOM
 * (Chromium --dump-dom) can tell the page ran clean.
 */
(function () {
  'use strict';
  var errors = [];
  function record(text) {
    errors.push(String(text));
    document.documentElement.setAttribute('data-errors', String(errors.length));
    var list = document.getElementById('page-errors');
    if (!list && document.body) {
      list = document.createElement('pre');
      list.id = 'page-errors';
      list.className = 'page-errors';
      document.body.appendChild(list);
    }
    if (list) { list.textContent = 'script errors on this page:\n' + errors.join('\n'); }
  }
  window.addEventListener('error', function (e) {
    record((e.message || 'error') + (e.filename ? ' at line ' + e.lineno : ''));
  });
  window.addEventListener('unhandledrejection', function (e) { record('unhandled rejection: ' + e.reason); });
  var consoleError = console.error;
  console.error = function () {
    record(Array.prototype.join.call(arguments, ' '));
    return consoleError.apply(console, arguments);
  };
  document.documentElement.setAttribute('data-errors', '0');
})();
