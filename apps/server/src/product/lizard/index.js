/* lizard: page-view timing for the campaign web app (served by the product API).
 * The app fetches this file as text, keeps it 30 days and injects it. It records one entry per
 * page view into window.__lizard — the path, title, referrer and, for the first view, the
 * navigation timing (time to first byte, DOM ready, load) — and posts each entry to
 * /api/lizard/pv with navigator.sendBeacon (fetch with keepalive where beacons are missing).
 * History-mode route changes (pushState, replaceState, popstate) count as page views. */
(function () {
  'use strict';
  if (window.__lizard && window.__lizard.installed) return;
  var lizard = (window.__lizard = { installed: true, views: [] });
  var ENDPOINT = '/api/lizard/pv';
  var lastPath = '';

  function ms(value) {
    return typeof value === 'number' && isFinite(value) && value >= 0
      ? Math.round(value)
      : undefined;
  }

  function navigationTiming() {
    var entries = performance.getEntriesByType ? performance.getEntriesByType('navigation') : [];
    var nav = entries && entries[0];
    if (!nav) return {};
    return {
      ttfb: ms(nav.responseStart - nav.startTime),
      domReady: ms(nav.domContentLoadedEventEnd - nav.startTime),
      load: nav.loadEventEnd > 0 ? ms(nav.loadEventEnd - nav.startTime) : undefined,
    };
  }

  function post(entry) {
    var body = JSON.stringify(entry);
    try {
      if (navigator.sendBeacon && navigator.sendBeacon(ENDPOINT, body)) return;
      fetch(ENDPOINT, {
        method: 'POST',
        body: body,
        keepalive: true,
        headers: { 'content-type': 'text/plain' },
      });
    } catch (error) {
      // Analytics never break the page; the last failure stays visible for debugging.
      lizard.lastError = String(error);
    }
  }

  function record(first) {
    var path = location.pathname + location.search;
    if (path === lastPath) return;
    lastPath = path;
    var entry = {
      path: path.slice(0, 512),
      title: document.title.slice(0, 256),
      referrer: document.referrer.slice(0, 1024),
    };
    if (first) {
      var timing = navigationTiming();
      entry.ttfb = timing.ttfb;
      entry.domReady = timing.domReady;
      entry.load = timing.load;
    }
    entry.at = Date.now();
    lizard.views.push(entry);
    post(entry);
  }

  function wrap(name) {
    var original = history[name];
    history[name] = function () {
      var result = original.apply(this, arguments);
      // After the router has rendered, so the title is the new page's.
      setTimeout(function () {
        record(false);
      }, 0);
      return result;
    };
  }
  wrap('pushState');
  wrap('replaceState');
  window.addEventListener('popstate', function () {
    setTimeout(function () {
      record(false);
    }, 0);
  });

  if (document.readyState === 'complete') record(true);
  else
    window.addEventListener('load', function () {
      setTimeout(function () {
        record(true);
      }, 0);
    });
})();
