import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { sandboxCheckouts, sandboxPaymentMethods, type Database } from '@app/db';
import { formatCents, formatSlotSpoken, SAVE_CARD_CONSENT, type Business } from '@app/shared';
import { escapeHtml } from '../../email/layout.ts';
import { AppError } from '../../errors.ts';
import { allowInlineStyle } from '../../plugins/security-headers.ts';
import type { FulfilCheckout } from './payment-provider.ts';
import { SANDBOX_TEST_CARDS, spacedCardNumber, typedCard } from './sandbox-cards.ts';
import { purposeOf } from './sandbox-provider.ts';

const SESSION_ID = /^cs_sandbox_[0-9a-f]{48}$/;

type SandboxRow = typeof sandboxCheckouts.$inferSelect;
type SandboxLine = SandboxRow['lines'][number];

/** Stripe's words on its page for a card the bank declined. */
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';

/**
 * The page's only styles, inline: its Content-Security-Policy allows exactly this text by hash.
 * The site's colours (`apps/web/src/styles.css` tokens) and its typeface when the machine has
 * it; nothing loaded from elsewhere.
 */
export const PAGE_STYLE = `
body{margin:0;font-family:'Inter Variable',Inter,ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f8fafc;color:#0f172a}
header{background:#0b1f3a;color:#fff}header p{max-width:440px;margin:0 auto;padding:18px 16px;font-size:18px;font-weight:700;letter-spacing:-.01em}
main{max-width:440px;margin:32px auto 40px;padding:0 16px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;box-shadow:0 8px 24px rgb(11 31 58/.08);padding:28px}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:999px;padding:4px 12px;font-size:13px;font-weight:600}
h1{font-size:22px;margin:16px 0 4px;color:#0b1f3a}.amount{font-size:34px;font-weight:700;margin:8px 0 20px;color:#0b1f3a}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px;font-size:14px}dt{color:#475569}dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}
input{box-sizing:border-box;width:100%;min-height:44px;border:1px solid #cbd5e1;border-radius:10px;padding:10px 12px;font-size:16px;font-family:inherit}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{min-height:48px;border-radius:999px;font-size:16px;font-weight:700;font-family:inherit;cursor:pointer;width:100%;margin-top:20px}
.pay{background:#f59e0b;color:#0b1f3a;border:0}.cancel{background:#fff;color:#0b1f3a;border:1px solid #94a3b8;margin-top:12px}
:focus-visible{outline:3px solid #0b1f3a;outline-offset:2px;box-shadow:0 0 0 6px #f59e0b}p{line-height:1.5}
.lines{list-style:none;margin:0 0 20px;padding:0;border-top:1px solid #e2e8f0}.lines li{padding:10px 0;border-bottom:1px solid #e2e8f0;font-size:14px}
.line{display:flex;justify-content:space-between;gap:12px;font-weight:600}.lines p{margin:4px 0 0;color:#475569}
.error{margin:16px 0 0;padding:10px 12px;border-radius:10px;background:#fef2f2;color:#991b1b;font-size:14px;font-weight:600}
.consent{margin:16px 0 0;font-size:14px;color:#0f172a}.note{max-width:440px;margin:0 auto 24px;padding:0 16px;font-size:13px;color:#475569}.note p{margin:0}.note ul{margin:4px 0 0;padding-left:18px}
footer{max-width:440px;margin:0 auto 32px;padding:0 16px;font-size:13px;color:#475569}a{color:#16325c}
`;

function page(business: Business, title: string, body: string, aside = ''): string {
  const name = escapeHtml(business.name);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${name}</title>
<style>${PAGE_STYLE}</style></head><body><header><p>${name}</p></header><main>${body}</main>${aside}
<footer><p>${name} · ${escapeHtml(business.phone)} · ${escapeHtml(business.email)}</p></footer></body></html>`;
}

/**
 * The ride the checkout is for, in words: the checkout's metadata as `startCheckout` wrote it
 * (`Date` in `d_m_yyyy`, `Time`, `serviceName`, `serviceAddress`), never its raw keys.
 */
function rideRows(metadata: Record<string, string>): [string, string][] {
  const rows: [string, string][] = [];
  if (metadata.serviceName) rows.push(['Car', metadata.serviceName]);
  if (metadata.Date && metadata.Time) {
    rows.push(['Pickup', `${formatSlotSpoken(metadata.Date, metadata.Time)} (New York time)`]);
  }
  if (metadata.serviceAddress) rows.push(['Address', metadata.serviceAddress]);
  return rows;
}

/**
 * What is paid for, as Stripe's page lists its line items: each ride's deposit, with what it is
 * toward and why (`startCheckout`'s description).
 */
function linesList(lines: SandboxLine[]): string {
  const items = lines.map(
    (line) =>
      `<li><span class="line"><span>${escapeHtml(line.name)}</span><span>$${formatCents(line.amountCents)}</span></span>${
        line.description ? `<p>${escapeHtml(line.description)}</p>` : ''
      }</li>`,
  );
  return items.length > 0 ? `<ul class="lines">${items.join('')}</ul>` : '';
}

/** The test cards, as a short note beside the page's main content (not what is paid for). */
function testCardsNote(): string {
  const items = SANDBOX_TEST_CARDS.map(
    (card) => `<li>${spacedCardNumber(card.number)} ${escapeHtml(card.note)}</li>`,
  );
  return `<aside class="note" aria-label="Test cards"><p>Test cards (any expiry and CVC):</p><ul>${items.join('')}</ul></aside>`;
}

/**
 * The checkout's page: the amount, what it is for, a made-up card, the consent to later charges
 * when the checkout keeps the card, and (after a declined card) the bank's answer, with what the
 * customer typed.
 */
function checkoutPage(
  business: Business,
  row: SandboxRow,
  retry?: { error: string; name: string; card: string },
): string {
  const amount = `$${formatCents(row.amountCents)}`;
  const details = rideRows(row.metadata)
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const action = `/api/payments/sandbox/${row.id}`;
  const name = escapeHtml(retry ? retry.name : 'Test Customer');
  const card = escapeHtml(retry ? retry.card : '4242 4242 4242 4242');
  const error = retry
    ? `<p class="error" id="card-error" role="alert">${escapeHtml(retry.error)}</p>`
    : '';
  const cardInvalid = retry ? ' aria-invalid="true" aria-describedby="card-error"' : '';
  const consent = row.saveCard ? `<p class="consent">${escapeHtml(SAVE_CARD_CONSENT)}</p>` : '';
  return page(
    business,
    `Pay ${amount}`,
    `<div class="card"><span class="badge">Sandbox checkout · no real card is charged</span>
<h1>${escapeHtml(row.productName)}</h1><p class="amount">${amount}</p>${linesList(row.lines)}<dl>${details}<dt>Email</dt><dd>${escapeHtml(row.customerEmail)}</dd></dl>
<form method="post" action="${action}/pay">
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" required aria-required="true" value="${name}">
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${card}"${cardInvalid}>
<div class="row"><div><label for="exp">Expiry</label><input id="exp" name="exp" autocomplete="cc-exp" value="12 / 34"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="123"></div></div>
${error}${consent}<button class="pay" type="submit">Pay ${amount}</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form></div>`,
    testCardsNote(),
  );
}

/**
 * The sandbox's hosted checkout page, for development and tests only: it shows the amount,
 * takes a made-up card, and pays or cancels without any card network. The typed number picks a
 * test card (`sandbox-cards.ts`): one is declined here, the others pay and, when the checkout
 * saves the card, decide what later off-session charges answer.
 */
export async function registerSandboxCheckout(
  app: FastifyInstance,
  deps: {
    db: Database;
    /** The site's name and contact details, so the page reads as the business's own. */
    business: Business;
    fulfil: FulfilCheckout;
    now: () => Date;
  },
): Promise<void> {
  const find = async (id: string) => {
    if (!SESSION_ID.test(id)) throw AppError.notFound('Checkout session not found');
    const [row] = await deps.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
    if (!row) throw AppError.notFound('Checkout session not found');
    return row;
  };
  const closed = (reply: FastifyReply, message: string, href: string) =>
    reply
      .type('text/html; charset=utf-8')
      .status(410)
      .send(
        page(
          deps.business,
          'Checkout closed',
          `<div class="card"><h1>Checkout closed</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(href)}">Back to the site</a></p></div>`,
        ),
      );

  await app.register(async (scope) => {
    // Every answer here may be the page (the closed page too).
    scope.addHook('onRequest', async (_request, reply) => allowInlineStyle(reply, PAGE_STYLE));
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get<{ Params: { id: string } }>('/api/payments/sandbox/:id', async (request, reply) => {
      const row = await find(request.params.id);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (row.status !== 'open' || row.expiresAt <= deps.now()) {
        return closed(reply, 'This checkout is no longer open.', row.cancelUrl);
      }
      return reply.type('text/html; charset=utf-8').send(checkoutPage(deps.business, row));
    });

    scope.post<{
      Params: { id: string };
      Body: { name?: unknown; card?: unknown } | undefined;
    }>('/api/payments/sandbox/:id/pay', { config: { csrf: false } }, async (request, reply) => {
      const row = await find(request.params.id);
      const now = deps.now();
      if (row.status !== 'open' || row.expiresAt <= now)
        return closed(reply, 'This checkout is no longer open.', row.cancelUrl);
      // The form sends text; anything else (a JSON array nested to the stack's depth) is no name.
      const given: unknown = request.body?.name;
      const name = typeof given === 'string' ? given.trim().slice(0, 100) : '';
      const typed: unknown = request.body?.card;
      const card = typedCard(typed);
      if (!card.pays) {
        // As Stripe's page: the bank said no, nothing is paid, and the customer may try another.
        return reply
          .type('text/html; charset=utf-8')
          .status(402)
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .send(
            checkoutPage(deps.business, row, {
              error: CARD_DECLINED_MESSAGE,
              name,
              card: typeof typed === 'string' ? typed.slice(0, 30) : '',
            }),
          );
      }
      // The payment and the card it was made with, together; the card is kept on the
      // customer only when the checkout asked to save it.
      await deps.db.transaction(async (tx) => {
        const paymentMethodId = `pm_sandbox_${randomBytes(12).toString('hex')}`;
        const [paying] = await tx
          .update(sandboxCheckouts)
          .set({
            status: 'complete',
            paymentStatus: 'paid',
            customerName: name,
            paymentIntentId: `pi_sandbox_${randomBytes(24).toString('hex')}`,
            paymentMethodId,
          })
          .where(and(eq(sandboxCheckouts.id, row.id), eq(sandboxCheckouts.status, 'open')))
          .returning({ id: sandboxCheckouts.id });
        if (!paying) return;
        await tx.insert(sandboxPaymentMethods).values({
          id: paymentMethodId,
          customerId: row.saveCard ? row.customerId : null,
          brand: card.brand,
          last4: card.last4,
          offSession: card.offSession,
        });
      });
      // What the provider's webhook would do; the success page lookup would do it too.
      const paid = await find(row.id);
      await deps.fulfil(
        {
          id: paid.id,
          status: paid.status,
          paymentStatus: paid.paymentStatus,
          appointmentId: paid.appointmentId,
          paymentIntentId: paid.paymentIntentId,
          amountTotal: paid.amountCents,
          purpose: purposeOf(paid.metadata),
        },
        now,
        request.log,
      );
      return reply.redirect(row.successUrl.replace('{CHECKOUT_SESSION_ID}', row.id), 303);
    });

    scope.post<{ Params: { id: string } }>(
      '/api/payments/sandbox/:id/cancel',
      { config: { csrf: false } },
      async (request, reply) => {
        const row = await find(request.params.id);
        await deps.db
          .update(sandboxCheckouts)
          .set({ status: 'expired' })
          .where(and(eq(sandboxCheckouts.id, row.id), eq(sandboxCheckouts.status, 'open')));
        // An abandoned checkout gives its slot back at once.
        const abandoned = {
          id: row.id,
          status: 'expired',
          paymentStatus: 'unpaid',
          appointmentId: row.appointmentId,
          paymentIntentId: null,
          amountTotal: row.amountCents,
          purpose: purposeOf(row.metadata),
        } as const;
        await deps.fulfil(abandoned, deps.now(), request.log);
        return reply.redirect(row.cancelUrl, 303);
      },
    );
  });
}
