import { useMemo } from 'react';
import { useLocation } from 'react-router';

/**
 * An emailed link's parameters. The server puts them in the fragment, which the browser never
 * sends, so the secret stays out of request logs (ADR 0013); links sent before used the query,
 * and still work. Where both hold a name, the fragment wins.
 */
export function useLinkParams(): URLSearchParams {
  const { search, hash } = useLocation();
  return useMemo(() => {
    const params = new URLSearchParams(search);
    for (const [name, value] of new URLSearchParams(hash.replace(/^#/, ''))) {
      params.set(name, value);
    }
    return params;
  }, [search, hash]);
}
