// The offline page's only script (served from the notification worker's cache, like the page):
// once the browser is back online, the page that could not load is loaded again by itself
// (docs/product/README.md#offline-load-failures-and-back-ours).
window.addEventListener('online', function () {
  window.location.reload();
});
