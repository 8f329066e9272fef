import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { OperatorLookup } from '@pool/contract/accounts';
import { api } from '@/lib/api-client.ts';
import { LoginPage } from './login-page.tsx';

/**
 * `/{operatorId}/auth`: the sign-in of an operator's customers, branded with the operator found by
 * its title (spec 7, customer-management lookup). An unknown title is a route error, so the 404 page.
 */
export function OperatorLoginPage() {
  const { operatorId = '' } = useParams();
  const operator = useQuery({
    queryKey: ['operator-by-title', operatorId],
    // The answer's type only: checking it would load zod's full build, 27 KB gzip of the page's 129
    // (issue 18); the server writes it through the contract's schema, so its fields are the declared ones.
    queryFn: () => api<OperatorLookup>(`/operators/lookup-by-title/${encodeURIComponent(operatorId)}`),
    throwOnError: true,
    retry: false,
  });
  if (!operator.data) return <div className="page-loading" aria-busy="true" />;
  return <LoginPage brand={operator.data.title} />;
}
