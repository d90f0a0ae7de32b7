// The shell's start page: open the site (app-url.js, written by `npm run native:sync`) in
// this webview. replace() keeps the start page out of the back history.
(function () {
  var url = window.EVENT_FLOW_URL || "https://eventflow.app";
  window.location.replace(url.replace(/\/$/, "") + "/");
})();
