/** The account an address names (GraphQL's `account`). */
import type { RouteParams } from '../params/spec';

export const ACCOUNT = {
  params: {
    address: {
      kind: 'address',
      required: 'the address of the account',
      description: 'The address: raw (`<workchain>:<hex>`, any case) or user-friendly (base64 or base64url, any flags).',
    },
  },
} as const satisfies RouteParams;
