import { useEffect, useRef } from 'react';
import { Box } from '@chakra-ui/react';

export interface InfiniteScrollSentinelProps {
  /** Called when the sentinel comes into view (spec §4: the next page loads then, if more remain). */
  onVisible: () => void;
  /** While true nothing is observed: no more pages remain, or one is loading. */
  disabled?: boolean;
  /** How far below the view the sentinel already counts as visible, so the next page is there in time. */
  rootMargin?: string;
}

/** An empty box under a list that asks for more when it scrolls into view (an IntersectionObserver). */
export function InfiniteScrollSentinel({
  onVisible,
  disabled = false,
  rootMargin = '200px',
}: InfiniteScrollSentinelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (disabled || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && latest.current(),
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [disabled, rootMargin]);
  return <Box ref={ref} h="1px" data-testid="infinite-scroll-sentinel" aria-hidden="true" />;
}
