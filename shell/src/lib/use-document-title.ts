import { useEffect } from 'react';

export const PRODUCT_NAME = 'CRM Sync';

/** The tab's title names the page: "API keys · CRM Sync", or the product alone. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [page]);
}
