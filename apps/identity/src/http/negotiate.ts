import type { FastifyRequest } from 'fastify';

interface AcceptSpec {
  value: string;
  q: number;
}

function parseAccept(header: string | undefined): AcceptSpec[] {
  if (!header) return [];
  return header.split(',').flatMap((part) => {
    const [value = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!value) return [];
    let q = 1;
    for (const parameter of parameters) {
      const [key, raw] = parameter.split('=').map((piece) => piece.trim());
      if (key?.toLowerCase() === 'q' && raw !== undefined) {
        const parsed = Number(raw);
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    return [{ value: value.toLowerCase(), q }];
  });
}

/**
 * Go's `httputil.NegotiateContentType` (golang/gddo), which Kratos uses: the first offer wins a
 * tie, `*\/*` matches anything, and no Accept header means the default.
 */
export function negotiateContentType(accept: string | undefined, offers: readonly string[], fallback: string): string {
  let bestOffer = fallback;
  let bestQ = -1;
  let bestWild = 3;
  const specs = parseAccept(accept);
  for (const offer of offers) {
    for (const spec of specs) {
      if (spec.q === 0 || spec.q < bestQ) continue;
      if (spec.value === '*/*') {
        if (spec.q > bestQ || bestWild > 2) {
          bestQ = spec.q;
          bestWild = 2;
          bestOffer = offer;
        }
      } else if (spec.value.endsWith('/*')) {
        if (offer.startsWith(spec.value.slice(0, -1)) && (spec.q > bestQ || bestWild > 1)) {
          bestQ = spec.q;
          bestWild = 1;
          bestOffer = offer;
        }
      } else if (spec.value === offer && (spec.q > bestQ || bestWild > 0)) {
        bestQ = spec.q;
        bestWild = 0;
        bestOffer = offer;
      }
    }
  }
  return bestOffer;
}

const initOffers = ['text/html', 'application/json'];
const requestOffers = ['text/html', 'text/*', '*/*', 'application/json'];

/** Kratos `AcceptsJSON`: decides JSON or 303 on the `…/browser` init endpoints. */
export function acceptsJson(request: FastifyRequest): boolean {
  return negotiateContentType(request.headers.accept, initOffers, 'text/html') === 'application/json';
}

/** Kratos `IsJSONRequest`: submit endpoints also count a JSON body as JSON. */
export function isJsonRequest(request: FastifyRequest): boolean {
  return (
    negotiateContentType(request.headers.accept, requestOffers, 'text/html') === 'application/json' ||
    request.headers['content-type'] === 'application/json'
  );
}

/** Kratos `IsBrowserRequest`: no Accept header, or `*\/*`, counts as a browser. */
export function isBrowserRequest(request: FastifyRequest): boolean {
  return negotiateContentType(request.headers.accept, requestOffers, 'text/html') === 'text/html';
}
