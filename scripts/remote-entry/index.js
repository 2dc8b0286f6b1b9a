// An async boundary, so Module Federation can negotiate shared libraries before any of them runs.
void import('./bootstrap.js');
