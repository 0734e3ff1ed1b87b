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

// A page that looks ready is ready (docs/decisions/0025-pages-ready-when-they-look-ready.md). The
// page paints from its HTML long before React has taken it over (`<html data-ready>`, set by the
// app's ReadyMarker once hydrated and its effects have run). Until then:
// - a click on anything but a link or a form field, a key pressed outside a text field, and a
//   form's submission are held, unseen by the page, and given to it again once it is ready, in
//   order (a link is left to the browser, which loads the page it names);
// - what is typed, checked or chosen in a field happens in the field as usual, and once the page
//   is ready each field changed meanwhile tells React its value as if typed then, so that the
//   page's state holds it and no later render wipes it.
(function () {
  var root = document.documentElement;
  if (root.hasAttribute('data-ready')) {
    return;
  }
  var held = [];
  var changed = [];

  function isField(element) {
    var tag = element.tagName;
    if (tag === 'TEXTAREA' || tag === 'SELECT' || element.isContentEditable) {
      return true;
    }
    return tag === 'INPUT' && !/^(submit|button|reset|image)$/i.test(element.type);
  }
  // What the browser does itself without the app: follow a link, focus and change a field (a
  // label's click reaches its field), open a <details>.
  function leftToBrowser(target) {
    return Boolean(target.closest('a[href], label, summary')) || isField(target);
  }
  function hold(event) {
    var target = event.target;
    if (!(target instanceof Element)) {
      target = document.body;
    }
    if (event.type === 'click' && leftToBrowser(target)) {
      return;
    }
    if ((event.type === 'keydown' || event.type === 'keyup') && isField(target)) {
      return;
    }
    event.stopImmediatePropagation();
    if (event.type !== 'keydown' && event.type !== 'keyup') {
      // Keys keep what the browser does with them (scrolling, Tab); a click or a submission waits.
      event.preventDefault();
    }
    held.push({ event: event, target: target, submitter: event.submitter });
  }
  function noteChange(event) {
    var target = event.target;
    if (target instanceof Element && isField(target) && changed.indexOf(target) < 0) {
      changed.push(target);
    }
  }

  // React knows a field changed when its value differs from the one it last saw: that one is set
  // through the field's own property (which React watches), the user's through the prototype's.
  function tellReact(field) {
    if (!field.isConnected || field.isContentEditable) {
      return;
    }
    if (field.type === 'checkbox' || field.type === 'radio') {
      var checked = field.checked;
      if (checked !== field.defaultChecked) {
        field.checked = !checked;
        field.click();
      }
      return;
    }
    if (field.type === 'file') {
      // A chosen file cannot be set from a script; React compares what it saw with the field's.
      field.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    var value = field.value;
    var descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
    if (!descriptor || !descriptor.set) {
      return;
    }
    field.value = value === '' ? ' ' : '';
    descriptor.set.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (field.tagName === 'SELECT') {
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
  function replay(entry) {
    var event = entry.event;
    var target = entry.target.isConnected ? entry.target : document.body;
    if (event.type === 'submit') {
      var submitter = entry.submitter;
      if (target.isConnected && typeof target.requestSubmit === 'function') {
        // The button it was sent with, if it is still one of this form's.
        target.requestSubmit(submitter && submitter.form === target ? submitter : null);
      }
    } else if (event.type === 'click') {
      if (entry.target.isConnected) {
        target.dispatchEvent(new MouseEvent('click', event));
      }
    } else {
      target.dispatchEvent(new KeyboardEvent(event.type, event));
    }
  }

  var types = ['click', 'submit', 'keydown', 'keyup'];
  types.forEach(function (type) {
    window.addEventListener(type, hold, true);
  });
  window.addEventListener('input', noteChange, true);
  window.addEventListener('change', noteChange, true);
  new MutationObserver(function (records, observer) {
    if (!root.hasAttribute('data-ready')) {
      return;
    }
    observer.disconnect();
    types.forEach(function (type) {
      window.removeEventListener(type, hold, true);
    });
    window.removeEventListener('input', noteChange, true);
    window.removeEventListener('change', noteChange, true);
    // One that fails (its part of the page gone) does not keep the others from the page.
    changed.concat(held).forEach(function (item) {
      try {
        if (item.event) {
          replay(item);
        } else {
          tellReact(item);
        }
      } catch (error) {
        setTimeout(function () {
          throw error;
        });
      }
    });
  }).observe(root, { attributes: true, attributeFilter: ['data-ready'] });
})();
