import { z } from 'zod';
import { PAYMENT_STATUSES, REFUND_STATUSES } from './constants.js';
import { ZServedImageUrl } from './uploads.js';

export const ZCheckoutRequest = z
  .object({
    offer: z
      .object({
        _id: z.string().max(64).optional(),
        offerId: z.string().max(64).optional(),
        property: z
          .object({ _id: z.string().max(64).optional() })
          .partial()
          .optional(),
      })
      .passthrough(),
  })
  .meta({ id: 'CheckoutRequest' });

export const ZCheckoutResponse = z.object({ url: z.string() }).meta({ id: 'CheckoutResponse' });
export type CheckoutResponse = z.infer<typeof ZCheckoutResponse>;

export const ZVerifyQuery = z.object({ session_id: z.string().min(1).max(255) });

export const ZVerifyResponse = z
  .object({
    verified: z.boolean(),
    transactionId: z.string().nullable(),
    amount: z.number(),
    /** The money arrived after the listing or offer stopped being payable: it will be refunded. */
    refundDue: z.boolean(),
  })
  .meta({ id: 'VerifyResponse' });
export type VerifyResponse = z.infer<typeof ZVerifyResponse>;

/** Money received that did not become a sale, as admins see it before sending it back. */
export const ZRefundItem = z
  .object({
    _id: z.string(),
    status: z.enum(REFUND_STATUSES),
    amount: z.number(),
    reason: z.string(),
    transactionId: z.string().nullable(),
    paidAt: z.string().nullable(),
    buyerEmail: z.string().nullable(),
    propertyId: z.string().nullable(),
    propertyTitle: z.string().nullable(),
  })
  .meta({ id: 'RefundItem' });
export type RefundItem = z.infer<typeof ZRefundItem>;

/** The built-in test checkout's card form: the whole purchase can be tried offline, with test cards. */
export const ZDemoPaymentRequest = z
  .object({
    cardNumber: z
      .string({ error: 'Card number is required' })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{13,19}$/, 'Card number must be 13 to 19 digits')),
    expiry: z
      .string({ error: 'Expiry is required' })
      .trim()
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry must look like MM/YY')
      .refine((value) => {
        const [month, year] = value.split('/').map(Number) as [number, number];
        const now = new Date();
        return (
          2000 + year > now.getUTCFullYear() ||
          (2000 + year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1)
        );
      }, 'This card has expired'),
    cvc: z
      .string({ error: 'CVC is required' })
      .trim()
      .regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
    name: z
      .string({ error: 'Name on card is required' })
      .trim()
      .min(1, 'Name on card is required')
      .max(100),
  })
  .meta({ id: 'DemoPaymentRequest' });
export type DemoPaymentRequest = z.input<typeof ZDemoPaymentRequest>;

export const ZDemoCheckout = z
  .object({
    sessionId: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.number(),
    propertyTitle: z.string(),
    propertyLocation: z.string(),
    propertyImage: ZServedImageUrl,
  })
  .meta({ id: 'DemoCheckout' });
export type DemoCheckout = z.infer<typeof ZDemoCheckout>;

export const ZDemoPaymentResponse = z
  .object({ redirectUrl: z.string() })
  .meta({ id: 'DemoPaymentResponse' });
export type DemoPaymentResponse = z.infer<typeof ZDemoPaymentResponse>;
