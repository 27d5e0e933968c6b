import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '@app/db';
import { receiptFileName, RideParamsSchema, type Business, type Receipt } from '@app/shared';
import { signedInUser } from '../../plugins/auth.ts';
import { receiptOfRide } from './receipt-of-ride.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';

/**
 * A paid ride's receipt: as data for the customer's receipt page, and as the PDF the receipt
 * email attaches, for the customer (their own rides only) and the owner (any).
 */
export function registerReceiptRoutes(
  app: FastifyInstance,
  deps: { db: Database; business: Business },
): void {
  const { db, business } = deps;
  const customer = { config: { auth: 'customer' as const } };
  const owner = { config: { auth: 'owner' as const } };
  const sendPdf = async (reply: FastifyReply, receipt: Receipt) =>
    reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${receiptFileName(receipt)}"`)
      .type('application/pdf')
      .send(await renderReceiptPdf(receipt));

  app.get(
    '/api/appointments/:id/receipt',
    customer,
    async (request, reply): Promise<{ receipt: Receipt }> => {
      reply.header('cache-control', 'no-store');
      const { id } = RideParamsSchema.parse(request.params);
      const viewer = { customerId: signedInUser(request).id };
      return { receipt: await receiptOfRide(db, id, viewer, business) };
    },
  );

  app.get('/api/appointments/:id/receipt.pdf', customer, async (request, reply) => {
    const { id } = RideParamsSchema.parse(request.params);
    const viewer = { customerId: signedInUser(request).id };
    return sendPdf(reply, await receiptOfRide(db, id, viewer, business));
  });

  app.get('/api/admin/rides/:id/receipt.pdf', owner, async (request, reply) => {
    const { id } = RideParamsSchema.parse(request.params);
    return sendPdf(reply, await receiptOfRide(db, id, 'owner', business));
  });
}
