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
