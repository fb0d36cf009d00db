import { z } from 'zod';

/**
 * Web Push subscriptions (docs/contract.md section 13, decision 0429), as a browser's
 * `PushSubscription.toJSON()` gives them. An endpoint's scheme is checked again by the server, which takes
 * `http://` ones only with PUSH_ALLOW_HTTP_ENDPOINTS=1; a p256dh that has the right length is also checked
 * to be a point of the curve there.
 */
export const PUSH_ENDPOINT_MAX_CHARS = 2048;

export const pushEndpoint = z
  .url({ protocol: /^https?$/, message: 'errors.push.endpointUrl' })
  .max(PUSH_ENDPOINT_MAX_CHARS, { message: 'errors.push.endpointTooLong' });

/** The subscriber's P-256 public key (RFC 8291): an uncompressed point, 65 bytes starting 0x04 ("B…"). */
const p256dh = z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, { message: 'errors.push.p256dh' });
/** The authentication secret (RFC 8291): 16 bytes. */
const auth = z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, { message: 'errors.push.auth' });

export const addPushSubscriptionInput = z.strictObject({
  endpoint: pushEndpoint,
  /** Browsers send it (null almost always); the push service's 404 or 410 is what ends a subscription here. */
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh, auth }),
});
export type AddPushSubscriptionInput = z.infer<typeof addPushSubscriptionInput>;

export const removePushSubscriptionInput = z.strictObject({ endpoint: pushEndpoint });

export const pushPublicKeyOutput = z.object({
  /** base64url: the VAPID public key, the uncompressed P-256 point, for `applicationServerKey`. */
  publicKey: z.string(),
});
