"""Every way to solve it: the rungs of the approach ladder (plain recursion, memo, table, rolling
window) run on one row in `rungs`, cut into what their animations draw in `view`, drawn in `charts`,
and made into the page's playable specs in `spec`."""
