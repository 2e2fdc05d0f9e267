// yj playtest --html: sorting the per-card tables, and every section open for print.
(function () {
  "use strict";
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, col) {
      var button = th.querySelector("button");
      if (!button) return;
      button.addEventListener("click", function () {
        var numeric = th.getAttribute("data-type") === "num";
        var current = th.getAttribute("aria-sort");
        // Numbers sort largest first at the first click, names from A.
        var dir = current ? (current === "ascending" ? "descending" : "ascending")
                          : (numeric ? "descending" : "ascending");
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", dir);
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = a.cells[col].getAttribute("data-sort");
          var y = b.cells[col].getAttribute("data-sort");
          // A card with no value (never deployed: no win rate) goes last either way.
          if (x === "" || y === "") return (x === "") - (y === "");
          var c = numeric ? Number(x) - Number(y) : x.localeCompare(y);
          return dir === "ascending" ? c : -c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details").forEach(function (d) { d.open = true; });
  });
})();
