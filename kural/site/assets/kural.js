// Kural: carry the rule anchor (#401) across the language switcher.
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest("a.kural-alt");
  if (link && window.location.hash) {
    link.setAttribute("href", link.getAttribute("href").split("#")[0] + window.location.hash);
  }
}, true);

// A rule's examples wait in a <template> until its fold is opened; then they join the page, and
// "kural:examples" tells other scripts (the checker links, the house rules) that new examples are there.
(function () {
  function unpack(details) {
    var templates = details.querySelectorAll("template.kural-lazy");
    for (var i = 0; i < templates.length; i++) {
      templates[i].replaceWith(templates[i].content);
    }
    if (templates.length) {
      document.dispatchEvent(new CustomEvent("kural:examples", { detail: details }));
    }
  }
  document.addEventListener("toggle", function (event) {
    var d = event.target;
    if (d.tagName === "DETAILS" && d.open && d.classList.contains("kural-more")) unpack(d);
  }, true);

  // Open every fold (for printing, and for scripts that need every example).
  window.kuralOpenAll = function () {
    var all = document.querySelectorAll("details.kural-more");
    for (var i = 0; i < all.length; i++) { unpack(all[i]); all[i].open = true; }
  };
  window.addEventListener("beforeprint", window.kuralOpenAll);
  // The legend of the pictures prints open too.
  window.addEventListener("beforeprint", function () {
    var legends = document.querySelectorAll("details.kural-legend");
    for (var i = 0; i < legends.length; i++) legends[i].open = true;
  });

  // A link to a rule (#401) lands on it with its examples open.
  function openHash() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    var target = document.getElementById(id);
    if (!target) return;
    var rule = target.closest(".kural-rule") || target.nextElementSibling;
    var fold = rule && rule.classList && rule.classList.contains("kural-rule") && rule.querySelector("details.kural-more");
    if (fold) {
      unpack(fold);
      fold.open = true;
      target.scrollIntoView();
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", openHash);
  else openHash();
  window.addEventListener("hashchange", openHash);

  // "Copy link": visible on every rule, for touch screens too.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.kural-copy");
    if (!button) return;
    var url = window.location.href.split("#")[0] + "#" + button.getAttribute("data-anchor");
    var done = function () {
      var label = button.textContent;
      button.textContent = button.getAttribute("data-done");
      button.setAttribute("aria-live", "polite");
      setTimeout(function () { button.textContent = label; }, 1500);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(done, function () { window.location.hash = button.getAttribute("data-anchor"); });
    } else {
      window.location.hash = button.getAttribute("data-anchor");
    }
  });
})();
