import { useSearchParams } from 'react-router';

export interface ReturnTo {
  /** The absolute address the identity service redirects to after the flow. */
  forIdentity: string | undefined;
  /** The same place as an in-app path, when it is one of the app's own pages. */
  inApp: string | undefined;
}

/**
 * The `return_to` query parameter, accepted only when it points into this app (an open redirect
 * otherwise), as the identity service and the router each need it.
 */
export function returnToOf(value: string | null, origin: string): ReturnTo {
  if (!value) return { forIdentity: undefined, inApp: undefined };
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return { forIdentity: undefined, inApp: undefined };
    return { forIdentity: url.toString(), inApp: `${url.pathname}${url.search}${url.hash}` };
  } catch {
    return { forIdentity: undefined, inApp: undefined };
  }
}

export function useReturnTo(): ReturnTo {
  const [search] = useSearchParams();
  return returnToOf(search.get('return_to'), window.location.origin);
}
