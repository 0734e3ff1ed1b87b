// Runs before the first paint (see index.html). Keep in step with src/lib/theme.tsx:
// the key is THEME_STORAGE_KEY and the default is light (docs/product).
(function () {
  var theme = 'light';
  try {
    var stored = window.localStorage.getItem('daywise-theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') {
      theme = stored;
    }
  } catch (e) {
    // Storage can be blocked; the default theme applies.
  }
  var dark =
    theme === 'dark' ||
    (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();

// A prerendered page (scripts/prerender.mjs) names its app code here instead of in module script
// tags: the code starts loading once the page has painted, so the prerendered page shows without
// waiting for it (docs/decisions/0018-fast-request-path.md). A hidden tab, which does not paint,
// loads it at once.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) {
    return;
  }
  function add(tag, attributes) {
    var element = document.createElement(tag);
    element.crossOrigin = '';
    for (var name in attributes) {
      element.setAttribute(name, attributes[name]);
    }
    document.head.appendChild(element);
  }
  function start() {
    (script.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (href) {
        add('link', { rel: 'modulepreload', href: href });
      }
    });
    add('script', { type: 'module', src: entry });
  }
  if (document.visibilityState === 'hidden') {
    start();
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
})();
