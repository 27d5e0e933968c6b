import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import {
  REFUND_POLICY_SAVED_MESSAGE,
  RefundPolicyInputSchema,
  type RefundPolicyResponse,
  type RefundPolicySavedResponse,
} from '@app/shared';
import { signedInUser } from '../../plugins/auth.ts';
import { ownerActor } from '../audit/record-audit.ts';
import { readRefundPolicy } from './refund-policy-source.ts';
import { saveRefundPolicy } from './save-refund-policy.ts';

/** The owner's refund tiers for a customer's cancel, read and set from the console's Numbers. */
export function registerRefundPolicyRoutes(
  app: FastifyInstance,
  deps: { db: Database; now: () => Date },
): void {
  const owner = { config: { auth: 'owner' as const } };
  app.get(
    '/api/admin/refund-policy',
    owner,
    async (_request, reply): Promise<RefundPolicyResponse> => {
      reply.header('cache-control', 'no-store');
      return { success: true, policy: await readRefundPolicy(deps.db) };
    },
  );

  app.post(
    '/api/admin/refund-policy',
    owner,
    async (request): Promise<RefundPolicySavedResponse> => {
      const input = RefundPolicyInputSchema.parse(request.body);
      const actor = await ownerActor(deps.db, signedInUser(request).id);
      await saveRefundPolicy(deps.db, input, { actor, now: deps.now() });
      return {
        success: true,
        message: REFUND_POLICY_SAVED_MESSAGE,
        policy: await readRefundPolicy(deps.db),
      };
    },
  );
}
