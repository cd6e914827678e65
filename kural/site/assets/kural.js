// Kural: carry the rule anchor (#401) across the language switcher.
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest("a.kural-alt");
  if (link && window.location.hash) {
    link.setAttribute("href", link.getAttribute("href").split("#")[0] + window.location.hash);
  }
}, true);
