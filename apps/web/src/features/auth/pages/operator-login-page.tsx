import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { OperatorLookup } from '@pool/contract/accounts';
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
    queryFn: () => api(`/operators/lookup-by-title/${encodeURIComponent(operatorId)}`, { schema: OperatorLookup }),
    throwOnError: true,
    retry: false,
  });
  if (!operator.data) return <div className="page-loading" aria-busy="true" />;
  return <LoginPage brand={operator.data.title} />;
}
