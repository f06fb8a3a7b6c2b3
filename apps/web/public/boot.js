// Shows the start-up loader in the colours the user last saw (saved in localStorage 'app-loader'), before
// the application's script has loaded. A file, not an inline script, so the Content-Security-Policy stays strict.
(function () {
  try {
    var saved = JSON.parse(localStorage.getItem('app-loader') || 'null');
    var el = document.getElementById('boot-loader');
    if (!el) return;
    if (saved && saved.background) el.style.background = saved.background;
    if (saved && saved.colour) el.style.setProperty('--boot-colour', saved.colour);
    var dir = (localStorage.getItem('app-locale') || 'km') === 'ar' ? 'rtl' : 'ltr';
    document.documentElement.dir = dir;
  } catch {
    /* storage unavailable: keep the default colours */
  }
})();
