import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { addressOf } from '@pool/contract/pool-config-codes';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { sessionQueryKey } from '@/lib/session/get-session.ts';
import { identityApi } from './identity-client.ts';
import { paths } from '@pool/contract/paths';
import { appLocationOf } from './app-location.ts';
import { createFlow, getFlow, submitFlow, type FlowOutcome, type UnavailableReason } from './flow-api.ts';
import type { FlowBody, FlowKind, FlowOf, FlowParams } from './flow-kinds.ts';

export interface IdentityFlow<K extends FlowKind> {
  flow: FlowOf[K] | undefined;
  /** Bumped on every new rendering of the flow, so forms reset to its nodes. */
  revision: number;
  submitting: boolean;
  submit: (body: FlowBody) => Promise<FlowOutcome<K>>;
  /** Drops the flow and starts a new one. */
  restart: () => void;
  /** Why the last call to the identity service failed; the screen says so instead of its form. */
  unavailable: UnavailableReason | undefined;
  /** Loads the flow again after a failure. */
  retry: () => void;
}

interface Options<K extends FlowKind> {
  params?: FlowParams;
  /** What a successful login or registration does next; the session cache is refreshed before. */
  onSignedIn?: (outcome: Extract<FlowOutcome<K>, { type: 'signed-in' }>) => void;
  /** Where a flow that needs no session goes when there is one. */
  signedInPath?: string;
  /** Adjusts an in-app location the service sends the browser to. */
  rewriteLocation?: (path: string) => string;
}

/**
 * One self-service flow of the identity service on a screen: created or fetched by the `flow` query
 * parameter (so a reload keeps it), re-rendered after each submit, replaced when it expires, and
 * followed when the service sends the browser elsewhere.
 */
export function useIdentityFlow<K extends FlowKind>(kind: K, options: Options<K> = {}): IdentityFlow<K> {
  const config = usePoolConfig();
  const api = useMemo(() => identityApi(config), [config]);
  const identityBase = addressOf(config, 'auth') ?? `${window.location.origin}${paths.identity}`;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [flow, setFlow] = useState<FlowOf[K]>();
  const [revision, setRevision] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [unavailable, setUnavailable] = useState<UnavailableReason>();
  const [attempt, setAttempt] = useState(0);
  const optionsRef = useRef(options);
  useLayoutEffect(() => {
    optionsRef.current = options;
  });
  const flowId = searchParams.get('flow');

  const showFlowId = useCallback(
    (id: string | undefined) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('flow', id);
          else next.delete('flow');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const handle = useCallback(
    async (given: FlowOutcome<K>): Promise<void> => {
      // A flow that cannot go on is replaced by a new one, once.
      const outcome = given.type === 'restart' ? await createFlow(api, kind, optionsRef.current.params) : given;
      switch (outcome.type) {
        case 'flow':
          setFlow(outcome.flow);
          setRevision((value) => value + 1);
          if (outcome.flow.id !== new URLSearchParams(window.location.search).get('flow')) showFlowId(outcome.flow.id);
          return;
        case 'replaced':
          showFlowId(outcome.flowId);
          return;
        case 'restart':
          throw new Error(`a new ${kind} flow could not be started (${outcome.errorId ?? 'no error id'})`);
        case 'signed-in':
          await client.invalidateQueries({ queryKey: sessionQueryKey });
          optionsRef.current.onSignedIn?.(outcome);
          return;
        case 'location': {
          // Re-authentication comes back to this very screen, whatever the service proposes.
          if (outcome.errorId === 'session_refresh_required') {
            const back = encodeURIComponent(window.location.href);
            await navigate(`/auth/login?refresh=true&return_to=${back}`);
            return;
          }
          const inApp = appLocationOf(outcome.to, identityBase, window.location.origin);
          const rewrite = optionsRef.current.rewriteLocation ?? ((path: string) => path);
          if (inApp) await navigate(rewrite(inApp), { replace: true });
          else window.location.assign(outcome.to);
          return;
        }
        case 'already-signed-in':
          await navigate(optionsRef.current.signedInPath ?? '/', { replace: true });
          return;
        case 'signed-out':
          await client.invalidateQueries({ queryKey: sessionQueryKey });
          await navigate('/auth/login', { replace: true });
          return;
        case 'unavailable':
          setUnavailable(outcome.reason);
          return;
      }
    },
    [api, client, identityBase, kind, navigate, showFlowId],
  );

  useEffect(() => {
    if (flow && flow.id === flowId) return;
    let current = true;
    const load = flowId ? getFlow(api, kind, flowId) : createFlow(api, kind, optionsRef.current.params);
    void load
      .then((outcome) => (current ? handle(outcome) : undefined))
      .catch(() => {
        if (current) setUnavailable('failed');
      });
    return () => {
      current = false;
    };
    // The flow itself is not a dependency: it changes because of this effect; `attempt` is a retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, flowId, handle, kind, attempt]);

  const submit = useCallback(
    async (body: FlowBody): Promise<FlowOutcome<K>> => {
      if (!flow) throw new Error('no flow to submit');
      setSubmitting(true);
      try {
        const outcome = await submitFlow(api, kind, flow, body);
        await handle(outcome);
        return outcome;
      } finally {
        setSubmitting(false);
      }
    },
    [api, flow, handle, kind],
  );

  const restart = useCallback(() => void handle({ type: 'restart', errorId: undefined }), [handle]);

  const retry = useCallback(() => {
    setUnavailable(undefined);
    setFlow(undefined);
    setAttempt((value) => value + 1);
  }, []);

  return { flow, revision, submitting, submit, restart, unavailable, retry };
}
