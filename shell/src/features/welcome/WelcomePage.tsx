import { useEffect, useRef } from 'react';
import { renderPlainWelcome } from './plain-welcome';

/** The welcome page when the dashboard navigates to /: the one page also served to a first visit. */
export function WelcomePage() {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => renderPlainWelcome(root.current!), []);
  return <div ref={root} />;
}
