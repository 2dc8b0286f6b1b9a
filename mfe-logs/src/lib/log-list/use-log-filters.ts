import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  emptyLogFilters,
  logFiltersFromSearch,
  logFiltersSearch,
  type LogFilters,
} from 'shared/rules/logs';

export interface LogFiltersState<K extends string> {
  /** What the inputs show. */
  draft: LogFilters<K>;
  /** What the list is filtered by: the last search. */
  applied: LogFilters<K>;
  change: (key: K, value: string) => void;
  /** A new search (spec §4: the list starts again at page 1); the filters go into the URL to share. */
  search: () => void;
  /** Every filter blank again, and searched. */
  clear: () => void;
}

/** A log screen's filters: typed into a draft, applied by Search, and kept in the URL (?email=…) across reloads. */
export function useLogFilters<K extends string>(keys: readonly K[]): LogFiltersState<K> {
  const location = useLocation();
  const navigate = useNavigate();
  const [applied, setApplied] = useState(() => logFiltersFromSearch(keys, location.search));
  const [draft, setDraft] = useState(applied);
  const apply = useCallback(
    (filters: LogFilters<K>) => {
      setApplied(filters);
      setDraft(filters);
      void navigate(
        { pathname: location.pathname, search: logFiltersSearch(filters) },
        { replace: true },
      );
    },
    [location.pathname, navigate],
  );
  return {
    draft,
    applied,
    change: (key, value) => setDraft((current) => ({ ...current, [key]: value })),
    search: () => apply(draft),
    clear: () => apply(emptyLogFilters(keys)),
  };
}
