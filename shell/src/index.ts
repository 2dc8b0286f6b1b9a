// The welcome page opened directly is plain DOM and loads none of the dashboard: a visitor who is not
// signed in downloads a few KiB (features/welcome/plain-welcome.ts). Every other page boots the dashboard,
// behind an async boundary so Module Federation can negotiate shared libraries before any of them runs.
const root = document.getElementById('root');
if (window.location.pathname === '/' && root)
  void import('./features/welcome/plain-welcome').then(({ renderPlainWelcome }) =>
    renderPlainWelcome(root),
  );
else void import('./bootstrap');
